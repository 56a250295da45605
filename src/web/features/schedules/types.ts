/** Shapes of the schedules API (/api/organizations/:id/schedules, /api/schedules/:id…). */

export interface Assignee {
  type: 'user' | 'phone';
  userId: string | null;
  phone: string | null;
  /** The person's name, or the number. */
  name: string;
}

export type AssigneeInput = { type: 'user'; userId: string } | { type: 'phone'; phone: string };

export interface Shift {
  id: string;
  assignee: Assignee;
  days: number[];
  start: string;
  end: string;
  effectiveFrom: string | null;
  effectiveTo: string | null;
  precedence: number;
  version: number;
}

export interface ScheduleOverride {
  id: string;
  assignee: Assignee;
  replacesAssignee: Assignee | null;
  from: string;
  to: string;
  /** Wall times in the organization's zone, "2026-11-26T08:00". */
  fromLocal: string;
  toLocal: string;
  note: string;
  version: number;
}

export interface ScheduleSummary {
  id: string;
  organizationId: string;
  name: string;
  description: string;
  version: number;
  shiftCount: number;
  overrideCount: number;
  onDutyNow: Assignee[];
  updatedAt: string;
}

export interface Schedule {
  id: string;
  organizationId: string;
  timeZone: string;
  name: string;
  description: string;
  version: number;
  shifts: Shift[];
  overrides: ScheduleOverride[];
  onDutyNow: Assignee[];
  createdAt: string;
  updatedAt: string;
}

export interface Coverage {
  timeZone: string;
  from: string;
  to: string;
  days: { date: string; start: string; end: string }[];
  segments: { start: string; end: string; onDuty: Assignee[] }[];
}

export interface ShiftInput {
  assignee: AssigneeInput;
  days: number[];
  start: string;
  end: string;
  effectiveFrom: string | null;
  effectiveTo: string | null;
  precedence: number;
}

export interface OverrideInput {
  assignee: AssigneeInput;
  replacesAssignee: AssigneeInput | null;
  from: string;
  to: string;
  note: string;
}

export function assigneeKey(a: Pick<Assignee, 'type' | 'userId' | 'phone'>): string {
  return a.type === 'user' ? `user:${a.userId}` : `phone:${a.phone}`;
}
