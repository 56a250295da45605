/**
 * Kept only for the features that still import the session's shapes from here (handoffs,
 * overview, the app shell): they come from the session endpoints' contract. New code imports
 * `@contracts/session` and `@domain/auth/permissions` directly; delete this file once nothing
 * imports it.
 */
export type { Session, SessionOrganization, SessionUser } from '@contracts/session';
export { ROLES, ROLE_LABELS, type Role } from '@domain/auth/permissions';
