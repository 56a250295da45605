import type { LucideIcon } from 'lucide-react';
import { CalendarPlus, Inbox, PhoneCall, PhoneIncoming } from 'lucide-react';
import type { Kpis } from '@contracts/overview';

const percent = (n: number | null) => (n === null ? '—' : `${Math.round(n * 100)} %`);

function Kpi({ icon: Icon, label, value, note }: { icon: LucideIcon; label: string; value: number; note: string }) {
  return (
    <div className="rounded-xl border border-border bg-card p-4 text-card-foreground shadow-xs sm:p-5">
      <dt className="flex items-start justify-between gap-3 text-sm font-medium text-muted-foreground">
        {label}
        <Icon aria-hidden="true" className="size-4 shrink-0 text-primary" />
      </dt>
      <dd className="mt-2">
        <span className="text-3xl font-semibold tabular-nums tracking-tight">{value.toLocaleString()}</span>
        <span className="mt-1 block text-xs text-muted-foreground">{note}</span>
      </dd>
    </div>
  );
}

/** Today's four figures (PRODUCT §6), each organization counted from its own midnight. */
export function KpiCards({ kpis }: { kpis: Kpis }) {
  const contained = kpis.answered ? kpis.answeredByAgent / kpis.answered : null;
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
      <Kpi icon={PhoneCall} label="Calls today" value={kpis.calls} note={`${kpis.answered.toLocaleString()} answered (inbound, completed)`} />
      <Kpi icon={PhoneIncoming} label="Answered by the agent" value={kpis.answeredByAgent} note={`${percent(contained)} of answered calls, no handoff`} />
      <Kpi icon={Inbox} label="Handed off" value={kpis.handedOff} note={`Handoff rate ${percent(kpis.handoffRate)}`} />
      <Kpi icon={CalendarPlus} label="Appointment requests" value={kpis.appointmentRequests} note="Started today and submitted (web, phone, portal)" />
    </dl>
  );
}
