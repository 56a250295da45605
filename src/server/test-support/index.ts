export { createTestApp, TEST_ENV, type TestApp, type TestAppHandle } from './test-app.js';
export { createOrganization, createStaffUser, outboxFor, tokenFromBody, auditRows, uniqueEmail, TEST_PASSWORD, type StaffUser } from './factories.js';
export { cookiesFrom, errorCode, login, signIn } from './http.js';
export { enableTwoFactor } from './two-factor.js';
export { registeredRoutes, routeKey, type RegisteredRoute } from './routes.js';
export { addCallEvents, createCall, createConversation, createHandoffForCall, type TestCallEvent } from './calls.js';
