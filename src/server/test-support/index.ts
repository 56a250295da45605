/**
 * Integration-test support (files named `*.int.test.ts`, Vitest project `integration`).
 *
 *   let t: TestAppHandle;
 *   beforeAll(async () => { t = await createTestApp(); });      // own database, cloned from the template
 *   afterAll(() => t?.close());                                  // drops it
 *   afterEach(() => t.ctx.clock.reset());                        // when a test moves the clock
 *
 *   const org = await createOrganization(t.ctx);
 *   const u = await createStaffUser(t.ctx, { role: 'supervisor', organizationIds: [org.id] });
 *   const cookie = await signIn(t.app, u.email, u.password);
 *   const res = await t.app.inject({ url: '/api/session', headers: { cookie } });
 *
 * Tests in one file share the app and its database, so each makes its own users and records;
 * a test about deployment-wide state (e.g. the last admin) makes an app of its own.
 */
export { createTestApp, TEST_ENV, type TestApp, type TestAppHandle } from './test-app.js';
export { createOrganization, createStaffUser, outboxFor, tokenFromBody, auditRows, uniqueEmail, TEST_PASSWORD, type StaffUser } from './factories.js';
export { cookiesFrom, errorCode, login, signIn } from './http.js';
export { enableTwoFactor } from './two-factor.js';
export { LOOPBACK_RECORDINGS_ENV } from './outbound.js';
export { registeredRoutes, routeKey, type RegisteredRoute } from './routes.js';
export { addCallEvents, createCall, createConversation, createHandoffForCall, type TestCallEvent } from './calls.js';
