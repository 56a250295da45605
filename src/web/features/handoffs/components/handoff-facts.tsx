import type { HandoffSummary } from '@contracts/handoffs';
import { formatDateTime, formatRelative, type Practice } from '@web/lib/format-date';
import { resolutionLabel, SOURCE_LABELS } from '../labels';

/**
 * The line under a handoff's badges: where it came from, when it was created and is due, who has
 * it and its outcome. Its times read like every other on the page (decision 045): in the
 * practice's zone and clock, the zone named only when it is not the viewer's own.
 */
export function HandoffFacts({
  handoff: h,
  practice,
  now,
  currentUserId,
}: {
  handoff: Pick<HandoffSummary, 'source' | 'createdAt' | 'dueAt' | 'assignee' | 'resolution'>;
  practice: Practice;
  now: Date;
  currentUserId: string;
}) {
  return (
    <p className="text-sm text-muted-foreground">
      {SOURCE_LABELS[h.source]} · created {formatRelative(h.createdAt, now)} · due {formatDateTime(h.dueAt, { practice, weekday: 'short' })}
      {' · '}
      {h.assignee ? <span className="font-medium text-foreground">Assigned to {h.assignee.id === currentUserId ? 'you' : h.assignee.name}</span> : 'Unassigned'}
      {h.resolution ? ` · Outcome: ${resolutionLabel(h.resolution)}` : ''}
    </p>
  );
}
