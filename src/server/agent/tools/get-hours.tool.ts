import { Temporal } from 'temporal-polyfill';
import { z } from 'zod';
import { hoursOnDate, type DayHours } from '../../../domain/time/day-hours.js';
import { HOURS_DAYS, type HoursDay } from '../nlu/hours-day.js';
import { holidayAsked, type HolidayAsked } from '../nlu/hours-holiday.js';
import type { Hours } from '../../../domain/time/index.js';
import { languageOf, say, when } from '../messages/index.js';
import { localDate, sayDayHours, sayWeekendHours, sayWeeklyHours } from './hours-speech.js';
import { openState } from './tool-helpers.js';
import type { ToolDefinition } from './tool-types.js';
import type { TurnEnv } from '../agent-types.js';

const schema = z.object({
  day: z
    .enum(HOURS_DAYS)
    .optional()
    .describe('The day the caller asks about ("are you open tomorrow?", "Saturday?", "this weekend?"); omit for the regular week or right now'),
  holiday: z
    .string()
    .max(300)
    .optional()
    .describe('The holiday the caller names ("Thanksgiving", "Christmas Eve", "New Year\'s Day") when they ask about one; omit otherwise'),
});

const WEEKDAYS: Record<string, number> = { monday: 1, tuesday: 2, wednesday: 3, thursday: 4, friday: 5, saturday: 6, sunday: 7 };

/** The dates a day question is about, from today in the organization's zone: a named weekday is its next one, today included. */
function datesAsked(day: HoursDay, today: string): string[] {
  const t = Temporal.PlainDate.from(today);
  if (day === 'today') return [today];
  if (day === 'tomorrow') return [t.add({ days: 1 }).toString()];
  if (day === 'weekend') return t.dayOfWeek === 7 ? [today] : [6, 7].map((d) => t.add({ days: d - t.dayOfWeek }).toString());
  return [t.add({ days: (WEEKDAYS[day]! - t.dayOfWeek + 7) % 7 }).toString()];
}

export const getHoursTool: ToolDefinition<typeof schema> = {
  name: 'get_hours',
  description:
    "The practice's office hours: for a day the caller names (today, tomorrow, a weekday, the weekend) that day's hours, holidays included; otherwise the regular week, whether it is open right now, and when that changes.",
  schema,
  async execute(env, args) {
    env.state.done.answered = [...new Set([...(env.state.done.answered ?? []), 'hours'])];
    if (args.day) return dayAnswer(env, args.day);
    const hours = await env.hours();
    const holiday = args.holiday ? holidayAsked(args.holiday, { today: localDate(env.now.getTime(), env.org.timeZone), country: env.org.country, overrides: hours.overrides ?? [] }) : null;
    if (holiday) return holidayAnswer(env, hours, holiday);
    const nowMs = env.now.getTime();
    const { open, nextChangeMs } = await openState(env);
    const status = await env.hoursNow();
    const weekly = sayWeeklyHours(hours.weekly);
    let now: string;
    if (env.org.status === 'paused') now = say(env, 'hours.paused');
    else if (open) {
      const until = nextChangeMs ? when(nextChangeMs, nowMs, env.org.timeZone, 'timeIfToday') : null;
      now = until ? say(env, 'hours.openUntil', { time: until }) : say(env, 'hours.open');
    } else {
      const label = status.label;
      const opens = nextChangeMs ? when(nextChangeMs, nowMs, env.org.timeZone) : null;
      if (opens) now = label ? say(env, 'hours.closedForOpensAt', { label, when: opens }) : say(env, 'hours.closedOpensAt', { when: opens });
      else now = label ? say(env, 'hours.closedFor', { label }) : say(env, 'hours.closed');
    }
    return {
      ok: true,
      result: { open, status: status.text, regularHours: weekly, nextChange: nextChangeMs ? new Date(nextChangeMs).toISOString() : null, timeZone: env.org.timeZone },
      speech: `${now} ${say(env, 'hours.regular', { weekly: (language) => sayWeeklyHours(hours.weekly, language) })}`,
    };
  },
};

/** "Are you open tomorrow?": that day's hours, not the week's (issue 19 §2); today's answer also says whether it is open now. */
async function dayAnswer(env: TurnEnv, day: HoursDay) {
  const hours = await env.hours();
  const nowMs = env.now.getTime();
  const zone = env.org.timeZone;
  const today = localDate(nowMs, zone);
  const days = datesAsked(day, today).map((date) => hoursOnDate(hours, date));
  const opts = { today, nowMs, timeZone: zone, language: languageOf(env) };
  let speech = days.length > 1 ? sayWeekendHours(days, opts) : sayDayHours(days[0]!, opts);
  if (days.length === 1 && days[0]!.date === today && days[0]!.intervals.length > 0) {
    const { open, nextChangeMs } = await openState(env);
    if (open) speech += nextChangeMs ? ` ${say(env, 'hours.nowOpenUntil', { time: when(nextChangeMs, nowMs, zone, 'timeIfToday') })}` : '';
    else if (nextChangeMs) speech += ` ${say(env, 'hours.nowClosedOpensAt', { when: when(nextChangeMs, nowMs, zone) })}`;
  }
  if (env.org.status === 'paused') speech = `${say(env, 'hours.paused')} ${speech}`;
  return {
    ok: true,
    result: { day, days: days.map(present), timeZone: zone },
    speech,
  };
}

/**
 * "Are you open on Thanksgiving?": that date's hours. A holiday the practice entered speaks its
 * own label; one it did not is said to have the day's usual hours, so the caller is not left
 * wondering whether the agent heard the holiday.
 */
function holidayAnswer(env: TurnEnv, hours: Hours, holiday: HolidayAsked) {
  const nowMs = env.now.getTime();
  const zone = env.org.timeZone;
  const today = localDate(nowMs, zone);
  const day = hoursOnDate(hours, holiday.date);
  const said = sayDayHours(day, { today, nowMs, timeZone: zone, language: languageOf(env) });
  const speech = day.label ? said : `${say(env, 'hours.noHoliday', { holiday: holiday.name })} ${said}`;
  return { ok: true, result: { holiday: holiday.name, days: [present(day)], timeZone: zone }, speech };
}

function present(d: DayHours) {
  return { date: d.date, open: d.intervals.length > 0, intervals: d.intervals, label: d.label, nextOpening: d.nextOpening?.toString() ?? null };
}
