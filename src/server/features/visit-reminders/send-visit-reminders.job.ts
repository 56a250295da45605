import type { Task } from 'graphile-worker';
import type { AppContext } from '../../app-context.js';
import { sendDueReminders } from './visit-reminders.service.js';

export const SEND_VISIT_REMINDERS_TASK = 'send-visit-reminders';
/** Every minute; one attempt each (`?max=1`): the next minute looks again, and the unique key keeps a reminder from going twice. */
export const SEND_VISIT_REMINDERS_CRONTAB = `* * * * * ${SEND_VISIT_REMINDERS_TASK} ?max=1`;

export function sendVisitRemindersTask(ctx: AppContext): Task {
  return async () => {
    const sent = await sendDueReminders(ctx);
    if (sent) ctx.log.info({ sent }, 'visit reminders queued');
  };
}
