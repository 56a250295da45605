/** Shapes of the hours API (GET/PUT /api/organizations/:id/hours). */

export interface WeeklyInterval {
  /** ISO weekday: 1 = Monday … 7 = Sunday. */
  day: number;
  start: string;
  end: string;
}

export interface HoursOverride {
  id: string;
  from: string;
  to: string;
  label: string;
  closed: boolean;
  intervals: { start: string; end: string }[];
}

export interface HoursStatus {
  open: boolean;
  paused: boolean;
  label: string | null;
  nextChange: { at: string; opens: boolean } | null;
  text: string;
}

export interface StoredHours {
  organizationId: string;
  timeZone: string;
  weekly: WeeklyInterval[];
  overrides: HoursOverride[];
  version: number;
  updatedAt: string | null;
  status: HoursStatus;
}

export interface SaveHoursInput {
  organizationId: string;
  version: number;
  weekly: WeeklyInterval[];
  overrides: Array<Omit<HoursOverride, 'id'> & { id?: string }>;
}
