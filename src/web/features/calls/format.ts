import { formatDateTime, type Practice } from '@web/lib/format-date';

/** "4:05", "1:02:09"; "—" when unknown. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '—';
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** A duration read aloud by a screen reader: "4 minutes 5 seconds". */
export function durationLabel(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return 'unknown duration';
  const s = Math.max(0, Math.round(seconds));
  const m = Math.floor(s / 60);
  const parts = [];
  if (m) parts.push(`${m} minute${m === 1 ? '' : 's'}`);
  if (s % 60 || !m) parts.push(`${s % 60} second${s % 60 === 1 ? '' : 's'}`);
  return parts.join(' ');
}

/** Numbers as people write them (one formatter for every screen: lib/format-phone.ts). */
export { formatPhone } from '@web/lib/format-phone';

/** Offset from the start of the call, "0:42". */
export function formatOffset(ms: number): string {
  return formatDuration(Math.max(0, ms) / 1000);
}

/** "Nov 21, 12:00 PM" this year, "Nov 21, 2025, 12:00 PM" before — in the practice's zone and clock: short enough for a list. */
export function formatListTime(value: string, practice?: Practice | null): string {
  return formatDateTime(value, { practice, omitCurrentYear: true });
}
