import { z } from 'zod';

/**
 * One live update: the server publishes it in the transaction of the change it describes
 * (`publishLive`, through PostgreSQL NOTIFY) and `GET /api/live` streams it to staff screens as a
 * server-sent event named by its topic. It carries ids and hints only; a page refetches what it
 * shows through the normal (authorised) endpoints.
 */
export const LiveEvent = z.object({
  /** What changed, e.g. `calls`, `handoffs`, `appointment-requests`. Browsers subscribe by topic. */
  topic: z.string(),
  organizationId: z.string(),
  /** e.g. `created`, `updated`, `turn` */
  type: z.string(),
  id: z.string(),
  /** Small hints only (NOTIFY payloads are limited to 8 KB); clients refetch what they show. */
  data: z.record(z.string(), z.unknown()).optional(),
});
export type LiveEvent = z.infer<typeof LiveEvent>;
