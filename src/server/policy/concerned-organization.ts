import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { StaffActor } from './actor.js';

/**
 * The organization a request or a job concerns, so that an error raised while serving it is
 * filed under that organization in the error log (issue 14 §1): only its users (and admins) read
 * it. Each request and job runs in a scope (installOrganizationScope, worker.ts); every record
 * whose organization the policy lets the actor see notes it (`canSeeOrganization`), and code
 * without an actor (a telephony webhook, a job) notes the organization it works for.
 */
interface Scope {
  organizations: Set<string>;
  /** The page load a staff request came from (the web app's X-Page-Load header), if it said. */
  pageLoad?: string;
}

const PAGE_LOAD = /^[A-Za-z0-9-]{8,64}$/;

/**
 * The page load the current request came from: the web app sends one id per load of the page
 * (X-Page-Load), so the views of a record the page's refetches repeat are one view in the audit
 * log (issue 19 §7). Undefined for other clients: each of their requests is a view.
 */
export function currentPageLoad(): string | undefined {
  return storage.getStore()?.pageLoad;
}

const storage = new AsyncLocalStorage<Scope>();
const scopes = new WeakMap<FastifyRequest, { scope: Scope; resource: AsyncResource }>();
const errorOrganizations = new WeakMap<object, string | null>();

/** Runs `fn` in a fresh scope; what it notes is read with `concernedOrganization()` inside it. */
export function withOrganizationScope<T>(fn: () => T): T {
  return storage.run({ organizations: new Set() }, fn);
}

/** Notes that the current request or job works on a record of this organization. */
export function noteOrganization(organizationId: string | null | undefined): void {
  if (organizationId) storage.getStore()?.organizations.add(organizationId);
}

const onlyOne = (seen: Set<string> | undefined) => (seen?.size === 1 ? [...seen][0]! : null);

/**
 * The one organization the current request or job has worked on, or null when there was none
 * or several (an error that may concern several practices is for admins only).
 */
export function concernedOrganization(): string | null {
  return onlyOne(storage.getStore()?.organizations);
}

/** Keeps the organization an error was raised for (a job's error is reported outside its scope). */
export function tagErrorOrganization(error: unknown, organizationId: string | null): void {
  if (error && typeof error === 'object' && !errorOrganizations.has(error)) errorOrganizations.set(error, organizationId);
}

export function taggedErrorOrganization(error: unknown): string | null {
  return error && typeof error === 'object' ? (errorOrganizations.get(error) ?? null) : null;
}

/**
 * Every request runs in a scope. The request's body is read in another async context, so the
 * scope is entered again before validation (as @fastify/request-context does).
 */
export function installOrganizationScope(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    withOrganizationScope(() => {
      const scope = storage.getStore()!;
      const pageLoad = request.headers['x-page-load'];
      if (typeof pageLoad === 'string' && PAGE_LOAD.test(pageLoad)) scope.pageLoad = pageLoad;
      scopes.set(request, { scope, resource: new AsyncResource('organization-scope') });
      done();
    });
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const entry = scopes.get(request);
    if (entry) entry.resource.runInAsyncScope(done, request.raw);
    else done();
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An `organizationId` the request names in its path, query or body. */
function namedOrganization(request: FastifyRequest): string | null {
  for (const part of [request.params, request.query, request.body]) {
    const id = part && typeof part === 'object' ? (part as { organizationId?: unknown }).organizationId : undefined;
    if (typeof id === 'string' && UUID.test(id)) return id.toLowerCase();
  }
  return null;
}

/**
 * The organization a failed request concerned: the one whose records it worked on; else the one
 * it names (if the signed-in user may see it); else the signed-in user's only organization.
 * Null: none, or more than one could be meant.
 */
export function organizationOfRequest(request: FastifyRequest): string | null {
  const worked = onlyOne(scopes.get(request)?.scope.organizations);
  if (worked) return worked;
  const actor: StaffActor | undefined = request.staff?.actor;
  const named = namedOrganization(request);
  if (named && (!actor || actor.allOrganizations || actor.organizationIds.includes(named))) return named;
  return actor ? singleOrganizationOf(actor) : null;
}

/** A staff user's organization when they have exactly one (admins see all: none). */
export function singleOrganizationOf(actor: StaffActor): string | null {
  return !actor.allOrganizations && actor.organizationIds.length === 1 ? actor.organizationIds[0]! : null;
}
