import { expect, request, type APIRequestContext, type APIResponse } from '@playwright/test';
import { BASE_URL, DEMO_PASSWORD, DEMO_USERS, type DemoRole } from './env';
import { sentMessages } from './sent-messages';

/**
 * Talking to the server the way the web app does, for arranging a journey and for checking
 * what landed in the database. Every context sends our `Origin` (the server refuses state
 * changes, sign-in included, from any other origin, and cookie or sign-in requests without one).
 */

export async function newApiContext(): Promise<APIRequestContext> {
  return request.newContext({ baseURL: BASE_URL, extraHTTPHeaders: { origin: BASE_URL, accept: 'application/json' } });
}

/** A request context signed in as `email` (fails the test if the sign-in does not succeed). */
export async function signedInApi(email: string, password: string): Promise<APIRequestContext> {
  const api = await newApiContext();
  const res = await api.post('/api/session/login', { data: { email, password } });
  await expectStatus(res, 200, `sign in as ${email}`);
  return api;
}

export function demoApi(role: DemoRole): Promise<APIRequestContext> {
  return signedInApi(DEMO_USERS[role].email, DEMO_PASSWORD);
}

export async function expectStatus(res: APIResponse, status: number, what: string): Promise<void> {
  if (res.status() !== status) {
    const body = await res.text().catch(() => '');
    expect(res.status(), `${what}: expected ${status}, got ${res.status()} ${body.slice(0, 500)}`).toBe(status);
  }
}

export interface UserView {
  id: string;
  email: string;
  name: string;
  role: 'admin' | 'supervisor' | 'agent' | 'developer';
  status: 'invited' | 'active' | 'disabled';
  organizationIds: string[];
  mustChangePassword: boolean;
  lockedUntil: string | null;
  lastSignInAt: string | null;
}

export interface OutboxMessage {
  id: string;
  recipient: string;
  subject: string | null;
  body: string;
  template: string;
  status: 'queued' | 'sent' | 'failed';
  createdAt: string;
}

export interface ErrorEvent {
  digest: string;
  source: string;
  message: string;
  route: string | null;
  statusCode: number | null;
}

export interface AuditEvent {
  action: string;
  outcome: string;
  recordId: string | null;
  actorId: string | null;
  details: Record<string, unknown>;
}

/** A unique email per call, so journeys never collide with each other or with a rerun. */
export function uniqueEmail(label: string): string {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return `e2e-${label}-${stamp}@example.test`;
}

/** Admin-side operations the journeys arrange or verify through. */
export class AdminApi {
  constructor(readonly api: APIRequestContext) {}

  async firstOrganizationId(): Promise<string> {
    const res = await this.api.get('/api/session');
    await expectStatus(res, 200, 'GET /api/session');
    const body = (await res.json()) as { organizations: { id: string }[] };
    expect(body.organizations.length, 'the demo seed has organizations').toBeGreaterThan(0);
    return body.organizations[0]!.id;
  }

  /** Creates an active user who must change the temporary password at first sign-in. */
  async createUserWithTemporaryPassword(opts: { label: string; role?: UserView['role']; temporaryPassword: string }): Promise<UserView> {
    const role = opts.role ?? 'agent';
    const organizationIds = role === 'admin' ? [] : [await this.firstOrganizationId()];
    const res = await this.api.post('/api/users', {
      data: {
        email: uniqueEmail(opts.label),
        name: `E2E ${opts.label}`,
        role,
        organizationIds,
        mode: 'temporary_password',
        temporaryPassword: opts.temporaryPassword,
      },
    });
    await expectStatus(res, 201, 'POST /api/users');
    return ((await res.json()) as { user: UserView }).user;
  }

  /** An active user with a password of their own (temporary password already replaced). */
  async createActiveUser(opts: { label: string; role?: UserView['role']; password: string }): Promise<UserView> {
    const temporary = `Temp-${Math.random().toString(36).slice(2)}-Ab9!`;
    const user = await this.createUserWithTemporaryPassword({ label: opts.label, role: opts.role, temporaryPassword: temporary });
    const own = await signedInApi(user.email, temporary);
    try {
      const res = await own.post('/api/password/change', { data: { currentPassword: temporary, newPassword: opts.password } });
      await expectStatus(res, 200, 'POST /api/password/change');
      await own.post('/api/session/logout');
    } finally {
      await own.dispose();
    }
    return this.user(user.id);
  }

  async user(id: string): Promise<UserView> {
    const res = await this.api.get(`/api/users/${id}`);
    await expectStatus(res, 200, `GET /api/users/${id}`);
    return (await res.json()) as UserView;
  }

  async userByEmail(email: string): Promise<UserView | undefined> {
    const res = await this.api.get('/api/users', { params: { q: email } });
    await expectStatus(res, 200, 'GET /api/users');
    const body = (await res.json()) as { items: UserView[] };
    return body.items.find((u) => u.email === email.toLowerCase());
  }

  async outbox(filter: { recipient: string; template: string }): Promise<OutboxMessage[]> {
    const res = await this.api.get('/api/developer/outbox', { params: filter });
    await expectStatus(res, 200, 'GET /api/developer/outbox');
    return ((await res.json()) as { items: OutboxMessage[] }).items;
  }

  /** The link (to this server) in the newest message of `template` sent to `recipient` (as sent: the outbox API masks it). */
  async linkFromOutbox(recipient: string, template: string, pathname: string): Promise<string> {
    let link: string | undefined;
    await expect
      .poll(
        async () => {
          const [newest] = await sentMessages(recipient, template);
          link = newest?.body.match(/https?:\/\/\S+/)?.[0];
          return link;
        },
        { message: `a ${template} email to ${recipient} with a link`, timeout: 10_000 },
      )
      .toContain(pathname);
    const url = new URL(link!);
    return url.pathname + url.search;
  }

  async error(digest: string): Promise<ErrorEvent> {
    const res = await this.api.get(`/api/developer/errors/${encodeURIComponent(digest)}`);
    await expectStatus(res, 200, `GET /api/developer/errors/${digest}`);
    return (await res.json()) as ErrorEvent;
  }

  async audit(filter: { action?: string; recordId?: string }): Promise<AuditEvent[]> {
    const res = await this.api.get('/api/audit', { params: { ...filter, limit: 200 } });
    await expectStatus(res, 200, 'GET /api/audit');
    return ((await res.json()) as { items: AuditEvent[] }).items;
  }
}
