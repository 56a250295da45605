import { z } from 'zod';

/**
 * Pieces every endpoint's contract shares: the error envelope and paging. Contracts are zod
 * only (no server or browser code), so the server's routes and OpenAPI document and the web's
 * fetchers and forms import the very same schemas (decision 001, STYLE rule 2).
 */

export const ErrorResponse = z
  .object({
    error: z
      .object({
        code: z.string(),
        message: z.string(),
        fields: z.record(z.string(), z.string()).optional(),
        digest: z.string().optional(),
        retryAfterSeconds: z.number().optional(),
      })
      .loose(),
  })
  .meta({ id: 'Error' });
export type ErrorResponse = z.infer<typeof ErrorResponse>;

export const Paging = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
};
