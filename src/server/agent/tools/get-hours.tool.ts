import { z } from 'zod';
import { sayWeeklyHours, sayWhen } from './hours-speech.js';
import { hoursNow, hoursOf, openState } from './tool-helpers.js';
import type { ToolDefinition } from './tool-types.js';

const schema = z.object({});

export const getHoursTool: ToolDefinition<typeof schema> = {
  name: 'get_hours',
  description: "The practice's regular opening hours, whether it is open right now, and when that changes.",
  schema,
  async execute(env) {
    const hours = await hoursOf(env);
    const nowMs = env.now.getTime();
    const { open, nextChangeMs } = await openState(env);
    const status = await hoursNow(env);
    const weekly = sayWeeklyHours(hours.weekly);
    let now: string;
    if (env.org.status === 'paused') now = "We're not taking calls at the moment.";
    else if (open) {
      const when = nextChangeMs ? sayWhen(nextChangeMs, nowMs, env.org.timeZone) : null;
      now = when ? `We're open right now, until ${when.replace(/^today at /, '')}.` : "We're open right now.";
    } else {
      const label = status.label ? ` for ${status.label}` : '';
      now = nextChangeMs ? `We're closed right now${label}, and we open again ${sayWhen(nextChangeMs, nowMs, env.org.timeZone)}.` : `We're closed right now${label}.`;
    }
    env.state.done.answered = [...new Set([...(env.state.done.answered ?? []), 'hours'])];
    return {
      ok: true,
      result: { open, status: status.text, regularHours: weekly, nextChange: nextChangeMs ? new Date(nextChangeMs).toISOString() : null, timeZone: env.org.timeZone },
      speech: `${now} Our regular hours are ${weekly}`,
    };
  },
};
