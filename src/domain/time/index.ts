/**
 * Time engine for business hours, on-duty schedules and SLA clocks. Pure: no I/O, and all
 * zone math through Temporal. The rules every caller relies on:
 *
 * - Wall-clock times are read in the organization's zone. A time skipped by a spring-forward
 *   change resolves to the moment of the change (02:30 on a New York change day starts at
 *   03:00); a time repeated by a fall-back change is its first occurrence as a start and its
 *   second as an end. Open time is real elapsed time, merged, so nothing is counted twice.
 * - `end <= start` runs past midnight; such an interval belongs to the date it starts on.
 * - A date override replaces that date's weekly intervals (closed, or its own intervals), but
 *   an overnight interval that started the day before still runs into the overridden date.
 *   Where override ranges overlap, the one starting latest wins (then the one ending first).
 * - Instants are `Temporal.Instant` or epoch ms; results are `Temporal.Instant`.
 * - Parsed values are cached by content, so callers may pass fresh or edited objects freely.
 */
export {
  DailyInterval,
  DayOfWeek,
  EndTimeOfDay,
  Hours,
  HoursInput,
  HoursOverride,
  IsoDate,
  TimeOfDay,
  TimeZone,
  WeeklyInterval,
  validateHours,
  type FieldError,
} from './hours.schema.js';
export {
  SEARCH_HORIZON_DAYS,
  addBusinessTime,
  dayContext,
  isOpen,
  nextChange,
  openIntervals,
  type HoursChange,
  type OpenInterval,
} from './hours.js';
export { describeStatus, formatCountdown, type HoursStatus } from './hours-status.js';
export {
  Assignee,
  E164,
  SCHEDULE_PURPOSES,
  Schedule,
  SchedulePurpose,
  ScheduleInput,
  ScheduleOverride,
  ScheduleTime,
  Shift,
  assigneeKey,
  resolveScheduleTime,
  validateSchedule,
} from './schedule.schema.js';
export { MAX_COVERAGE_DAYS, coverage, onDuty, type DutySegment } from './schedule.js';
export type { DurationInput, InstantInput } from './instant-input.js';
export { isValidTimeZone } from './wall-clock.js';
export { coverageGaps, dutyState, inForce, markRequired, type DutyState, type RequiredSegment, type RotaSegment } from './required-coverage.js';
