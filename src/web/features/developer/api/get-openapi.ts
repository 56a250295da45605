import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';

export const OPENAPI_URL = '/api/openapi.json';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type HttpMethod = (typeof METHODS)[number];

interface OpenApiOperation {
  summary?: string;
  description?: string;
  tags?: string[];
  deprecated?: boolean;
}

interface OpenApiDocument {
  info?: { title?: string; version?: string; description?: string };
  paths?: Record<string, Partial<Record<HttpMethod, OpenApiOperation>>>;
}

export interface ApiOperation {
  method: HttpMethod;
  path: string;
  summary: string;
  deprecated: boolean;
}

export interface ApiReference {
  title: string;
  version: string;
  description: string;
  /** Operations grouped by their first tag, groups and operations in a stable order. */
  groups: Array<{ tag: string; operations: ApiOperation[] }>;
  operationCount: number;
}

/** Turns the OpenAPI document into tag groups of (method, path, summary). */
export function toApiReference(doc: OpenApiDocument): ApiReference {
  const groups = new Map<string, ApiOperation[]>();
  let operationCount = 0;
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item?.[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? 'other';
      const list = groups.get(tag) ?? [];
      list.push({ method, path, summary: operation.summary ?? operation.description ?? '', deprecated: Boolean(operation.deprecated) });
      groups.set(tag, list);
      operationCount += 1;
    }
  }
  return {
    title: doc.info?.title ?? 'API',
    version: doc.info?.version ?? '',
    description: doc.info?.description ?? '',
    groups: [...groups.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([tag, operations]) => ({
        tag,
        operations: operations.sort((a, b) => a.path.localeCompare(b.path) || METHODS.indexOf(a.method) - METHODS.indexOf(b.method)),
      })),
    operationCount,
  };
}

/** `GET /api/openapi.json` — generated from the route schemas. */
export async function getApiReference(signal?: AbortSignal): Promise<ApiReference> {
  return toApiReference(await apiFetch<OpenApiDocument>(OPENAPI_URL, { signal }));
}

export function apiReferenceQueryOptions() {
  return queryOptions({ queryKey: ['developer', 'openapi'] as const, queryFn: ({ signal }) => getApiReference(signal), staleTime: 5 * 60_000 });
}

export function useApiReference() {
  return useQuery(apiReferenceQueryOptions());
}
