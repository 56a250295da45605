import type { Assignee } from '@contracts/schedules';

/** One key per person or outside number, to tell assignees apart (colours, de-duplication). */
export function assigneeKey(a: Pick<Assignee, 'type' | 'userId' | 'phone'>): string {
  return a.type === 'user' ? `user:${a.userId}` : `phone:${a.phone}`;
}
