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

/**
 * The one rule for text anywhere in a request (fields, keys, ids, filters): no NUL byte (PostgreSQL
 * cannot store it) and no unpaired UTF-16 surrogate (no encoding can carry it). The server applies
 * it to every validated part of every request (server/http/request-validation.ts), so no contract
 * repeats it per field.
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what the rule refuses
const UNSAFE_TEXT = /[\u0000\p{Cs}]/gu;
export const UNSAFE_TEXT_MESSAGE = 'Remove the invisible or broken character from this text.';
export const isSafeText = (text: string): boolean => text.search(UNSAFE_TEXT) < 0;

/**
 * Paths to every string (value or key) in `value` that breaks the rule. Walks iteratively and
 * keeps only a parent link per node, so a deeply nested body costs neither stack nor quadratic memory.
 */
export function unsafeTextPaths(value: unknown, limit = 20): (string | number)[][] {
  type Node = { value: unknown; key?: string | number; parent?: Node };
  const pathOf = (node: Node, key?: string): (string | number)[] => {
    const path: (string | number)[] = key === undefined ? [] : [key];
    for (let n: Node | undefined = node; n?.key !== undefined; n = n.parent) path.push(n.key);
    // A path is for a person to read: a field 100,000 levels down is named by its first levels.
    return path.reverse().slice(0, 32);
  };
  const found: (string | number)[][] = [];
  const stack: Node[] = [{ value }];
  while (stack.length && found.length < limit) {
    const node = stack.pop()!;
    const v = node.value;
    if (typeof v === 'string') {
      if (!isSafeText(v)) found.push(pathOf(node));
    } else if (Array.isArray(v)) {
      v.forEach((item, i) => stack.push({ value: item, key: i, parent: node }));
    } else if (v !== null && typeof v === 'object') {
      for (const [key, item] of Object.entries(v)) {
        if (!isSafeText(key)) found.push(pathOf(node, key.replace(UNSAFE_TEXT, '\ufffd')));
        else stack.push({ value: item, key, parent: node });
      }
    }
  }
  return found;
}

export const Paging = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
};
