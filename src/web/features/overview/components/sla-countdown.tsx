import { formatDateTime, type Practice } from '@web/lib/format-date';
import { cn } from '@web/lib/utils';

function span(ms: number): string {
  const minutes = Math.round(Math.abs(ms) / 60_000);
  if (minutes < 1) return 'less than a minute';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} days`;
}

/** "Due in 12 min" / "Overdue by 1 h 5 min", coloured as the deadline nears. */
export function SlaCountdown({ dueAt, now, practice }: { dueAt: string; now: number; practice?: Practice }) {
  const left = Date.parse(dueAt) - now;
  const overdue = left < 0;
  const soon = !overdue && left < 15 * 60_000;
  return (
    <time
      dateTime={dueAt}
      title={formatDateTime(dueAt, { practice })}
      className={cn('whitespace-nowrap text-xs font-medium tabular-nums', overdue ? 'text-destructive' : soon ? 'text-warning-soft-foreground' : 'text-muted-foreground')}
    >
      {overdue ? `Overdue by ${span(left)}` : `Due in ${span(left)}`}
    </time>
  );
}
