import { normalize } from './text.js';

/** The day an hours question is about: "are you open tomorrow?", "what time do you open Saturday?". */
export const HOURS_DAYS = ['today', 'tomorrow', 'weekend', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type HoursDay = (typeof HOURS_DAYS)[number];

const WEEKDAY = /\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?\b/g;

/**
 * The day an hours question names, or null for the week ("what are your hours?") and for right
 * now ("are you open now?"), which the open-now answer already covers. Spanish arrives glossed
 * ("¿abren mañana?" → "open tomorrow").
 */
export function hoursDayAsked(text: string): HoursDay | null {
  const t = normalize(text);
  if (/\b(tomorrow|tomorow|tmrw|tomorrows)\b/.test(t)) return 'tomorrow';
  const named = [...new Set([...t.matchAll(WEEKDAY)].map((m) => m[1] as HoursDay))];
  if (/\bweekends?\b/.test(t) || (named.includes('saturday') && named.includes('sunday'))) return 'weekend';
  if (named.length > 0) return named[0]!;
  if (/\b(today|tonight|this (morning|afternoon|evening))\b/.test(t)) return 'today';
  return null;
}
