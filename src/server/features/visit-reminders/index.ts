/** Reminders before booked visits, and the patient's answers to them (issue 31 §5). */
export { receiveReminderReply, REMINDER_TEMPLATE, sendDueReminders } from './visit-reminders.service.js';
export { SEND_VISIT_REMINDERS_CRONTAB, SEND_VISIT_REMINDERS_TASK, sendVisitRemindersTask } from './send-visit-reminders.job.js';
