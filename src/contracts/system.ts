import { z } from 'zod';

/** Queue and worker health (`/developer` → System, issue 18 §4); the same figures are on /metrics. */

export const QueueTaskFigures = z.object({
  task: z.string(),
  /** Due now and not taken by a worker. */
  waiting: z.number(),
  /** Due later (retries and scheduled jobs). */
  scheduled: z.number(),
  running: z.number(),
  /** Out of attempts: they will not run again unless retried. */
  failed: z.number(),
});

export const QueueHealth = z
  .object({
    at: z.string(),
    waiting: z.number(),
    scheduled: z.number(),
    running: z.number(),
    failed: z.number(),
    /** Seconds the oldest waiting job has been due (null: none waiting). */
    oldestWaitingSeconds: z.number().nullable(),
    /** Worker pools connected to the database and listening for jobs. */
    workersAlive: z.number(),
    byTask: z.array(QueueTaskFigures),
  })
  .meta({ id: 'QueueHealth' });
export type QueueHealth = z.infer<typeof QueueHealth>;

export const FailedJob = z.object({
  id: z.string(),
  task: z.string(),
  attempts: z.number(),
  maxAttempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FailedJob = z.infer<typeof FailedJob>;

export const FailedJobListResponse = z.object({ items: z.array(FailedJob) });
export type FailedJobListResponse = z.infer<typeof FailedJobListResponse>;

export const JobIdParams = z.object({ id: z.string().regex(/^\d{1,19}$/, 'Not a valid job id.') });
export const RetryJobResponse = z.object({ id: z.string(), retried: z.boolean() });
