import type { HandoffSummary } from '@contracts/handoffs';

const MINUTE = 60_000;

/** "8 min", "2 h 13 min", "3 d 4 h": rounded up, so a deadline never reads 0 before it passes. */
export function formatSpan(ms: number): string {
  const minutes = Math.max(1, Math.ceil(Math.abs(ms) / MINUTE));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) {
    const rest = minutes % 60;
    return rest ? `${hours} h ${rest} min` : `${hours} h`;
  }
  const days = Math.floor(hours / 24);
  const restHours = hours % 24;
  return restHours ? `${days} d ${restHours} h` : `${days} d`;
}

export type DeadlineTone = 'overdue' | 'soon' | 'ok' | 'done';

export interface Deadline {
  tone: DeadlineTone;
  /** "Overdue by 12 min", "Due in 2 h", "Resolved" … */
  text: string;
}

/** How a handoff stands against its deadline at `now`. "Soon" is the last 15 minutes (or quarter of the time). */
export function deadlineOf(h: Pick<HandoffSummary, 'status' | 'dueAt' | 'createdAt'>, now: Date): Deadline {
  if (h.status === 'resolved' || h.status === 'canceled') return { tone: 'done', text: h.status === 'resolved' ? 'Resolved' : 'Canceled' };
  const due = Date.parse(h.dueAt);
  const left = due - now.getTime();
  if (left <= 0) return { tone: 'overdue', text: `Overdue by ${formatSpan(left)}` };
  const total = due - Date.parse(h.createdAt);
  const soon = left <= 15 * MINUTE || (total > 0 && left <= total / 4);
  return { tone: soon ? 'soon' : 'ok', text: `Due in ${formatSpan(left)}` };
}
