import type { LucideIcon } from 'lucide-react';
import { CalendarPlus, Inbox, PhoneCall, PhoneIncoming } from 'lucide-react';
import { Card } from '@web/components/ui/card';
import type { Kpis } from '../api/get-overview';

const percent = (n: number | null) => (n === null ? '—' : `${Math.round(n * 100)} %`);

function Kpi({ icon: Icon, label, value, note }: { icon: LucideIcon; label: string; value: number; note: string }) {
  return (
    <Card className="p-4 sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
        <Icon aria-hidden="true" className="size-4 shrink-0 text-primary" />
      </div>
      <dd className="mt-2">
        <span className="text-3xl font-semibold tabular-nums tracking-tight">{value.toLocaleString()}</span>
        <span className="mt-1 block text-xs text-muted-foreground">{note}</span>
      </dd>
    </Card>
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
      <Kpi icon={CalendarPlus} label="Appointment requests" value={kpis.appointmentRequests} note="Submitted today, phone and web" />
    </dl>
  );
}
