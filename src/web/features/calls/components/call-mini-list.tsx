import { Link } from 'react-router';
import { usePractices } from '@web/lib/use-practice';
import { formatRelative } from '@web/lib/format-date';
import { formatDuration, formatPhone } from '../format';
import { callPaths } from '@web/lib/call-paths';
import type { CallListItem } from '@contracts/calls';
import { LiveBadge, OutcomeBadge } from './call-badges';

function elapsed(startedAt: string, now: number): string {
  const s = Math.max(0, Math.round((now - Date.parse(startedAt)) / 1000));
  return formatDuration(s);
}

/** A short list of calls (live ones with their running time) for the overview. */
export function CallMiniList({ calls, now, showOrganization, empty }: { calls: CallListItem[]; now: number; showOrganization: boolean; empty: string }) {
  const practiceOf = usePractices();
  if (calls.length === 0) return <p className="py-4 text-center text-sm text-muted-foreground">{empty}</p>;
  return (
    <ul className="divide-y divide-border">
      {calls.map((c) => (
        <li key={c.id} className="flex items-start justify-between gap-3 py-2.5">
          <div className="min-w-0">
            <Link to={callPaths.call.href(c.id)} className="text-sm font-medium tabular-nums underline-offset-4 hover:underline">
              {c.direction === 'outbound' ? 'To ' : ''}
              {formatPhone(c.contactNumber, practiceOf(c.organizationId)?.country)}
              {c.patientName ? <span className="font-normal text-muted-foreground"> · {c.patientName}</span> : null}
            </Link>
            <p className="truncate text-xs text-muted-foreground">
              {showOrganization ? `${c.organizationName} · ` : ''}
              {c.live ? `Started ${formatRelative(c.startedAt, new Date(now))}` : (c.summary ?? formatRelative(c.startedAt, new Date(now)))}
            </p>
          </div>
          <div className="flex shrink-0 flex-col items-end gap-1">
            {c.live ? <LiveBadge /> : <OutcomeBadge outcome={c.outcome} />}
            <span className="text-xs tabular-nums text-muted-foreground">{c.live ? elapsed(c.startedAt, now) : formatDuration(c.durationSeconds)}</span>
          </div>
        </li>
      ))}
    </ul>
  );
}
