import type { Role } from '../../domain/auth/permissions.js';
import type { AppContext } from '../app-context.js';
import type { OrganizationRow } from '../features/organizations/organizations.repository.js';
import type { StaffUser } from '../test-support/factories.js';
import type { TestApp } from '../test-support/test-app.js';
import type { MatrixPatient } from '../test-support/patients.js';

/**
 * The authorization matrix (PRODUCT §2, issue 2 point 5): one object per registered route with
 * the status each kind of caller gets, run for real by authorization-matrix.int.test.ts. A
 * route without a row, or a row without a route, fails that test.
 *
 * The expectations are written out here from the product's permission table on purpose: they
 * are not derived from `CAPABILITIES`, so a wrong change there is caught here.
 *
 * To add a route: add one object to MATRIX (keep the feature's section together), with
 * - `expect`: the status for every principal — the exact success status for those allowed
 *   (the sample request must be valid enough to reach it), 403 for a role that may not,
 *   401 for anonymous on a non-public route;
 * - `request`: a sample request (path with its ids, body, query); it may make what it needs
 *   with the fixtures, and may bring a session of its own (for routes that end or rotate it);
 * - `otherOrganization`: for a route that takes (or lists) records of an organization, what a
 *   user of another organization gets: 404 for a record of an organization they may not see
 *   (never 403), or a list that does not contain it; otherwise NOT_ORGANIZATION_SCOPED;
 * - `patient` (optional): what a signed-in patient of the portal gets — by default the same as
 *   anonymous (a patient session opens no staff route); `patientRequest` its sample request
 *   (default: anonymous's).
 */

export const PRINCIPALS = ['anonymous', 'admin', 'supervisor', 'agent', 'developer'] as const;
export type Principal = (typeof PRINCIPALS)[number];
const STAFF_ROLES: Role[] = ['admin', 'supervisor', 'agent', 'developer'];

export interface MatrixFixtures {
  app: TestApp;
  ctx: AppContext;
  /** The organization every non-admin principal belongs to (admins see all). */
  home: OrganizationRow;
  /** An organization none of the principals belongs to; its users are the "other organization". */
  other: OrganizationRow;
  /** The signed-in principals (members of `home`). */
  users: Record<Role, StaffUser & { cookie: string }>;
  /** Signed-in users of each role who belong only to `other`. */
  outsiders: Record<Role, StaffUser & { cookie: string }>;
  /** A digest of an error of `home` in the error log (errors of no organization are for admins only). */
  errorDigest: string;
  /** A new user to act on (members of `home` unless told otherwise). */
  newUser(input?: Partial<Pick<StaffUser, 'role'>> & { status?: 'active' | 'invited' | 'disabled' }): Promise<StaffUser>;
  /**
   * A new user of the principal's role with a session of its own, for routes that change or end
   * the session (sign-out, password change, two-factor). Undefined for anonymous.
   */
  freshSession(as: Principal): Promise<(StaffUser & { cookie: string }) | undefined>;
  /** A token from a real reset email, or from a real invitation email. */
  resetToken(): Promise<string>;
  invitationToken(): Promise<string>;
  /** A fresh session whose user has two-factor turned on. */
  freshSessionWithTwoFactor(as: Principal): Promise<(StaffUser & { cookie: string }) | undefined>;
  /** A request as the admin principal that must succeed; answers the JSON body. */
  asAdmin<T = Record<string, unknown>>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown): Promise<T>;
  /** A new organization (admins only see it; no principal is a member) — for deactivation and the like. */
  newOrganization(status?: 'active' | 'deactivated'): Promise<OrganizationRow>;
  /** A new schedule of `home` with one shift and one override (made through the API as admin). */
  newSchedule(): Promise<{ id: string; version: number; shiftId: string; shiftVersion: number; overrideId: string; overrideVersion: number }>;
  /** A patient of `home` signed into the portal (their own session cookie, not a staff one). */
  patient: MatrixPatient;
}

export interface SampleRequest {
  /** The path with its parameters filled in (defaults to the route's url). */
  url?: string;
  query?: Record<string, string>;
  payload?: unknown;
  /** A session of its own (or a draft cookie); otherwise the principal's (none for anonymous). */
  cookie?: string;
  headers?: Record<string, string>;
}

type Expectations = Record<Principal, number>;

export interface OtherOrganizationCase {
  /** The role of the user of the other organization (their organization only). */
  as: Exclude<Role, 'admin'>;
  /** A request about a record (or list) of `home`. */
  request: (fx: MatrixFixtures) => SampleRequest | Promise<SampleRequest>;
  /** 404 for a record; the success status for a list (then `verify` checks that nothing leaks). */
  status: number;
  verify?: (body: unknown, fx: MatrixFixtures) => void;
}

export const NOT_ORGANIZATION_SCOPED = 'not organization-scoped' as const;

export interface MatrixRow {
  /** `METHOD /url` exactly as registered, e.g. `PATCH /api/users/:id`. */
  route: string;
  expect: Expectations;
  request?: (fx: MatrixFixtures, as: Principal) => SampleRequest | Promise<SampleRequest>;
  otherOrganization: OtherOrganizationCase | typeof NOT_ORGANIZATION_SCOPED;
  /** What a portal patient gets (default: the anonymous expectation). */
  patient?: number;
  patientRequest?: (fx: MatrixFixtures) => SampleRequest | Promise<SampleRequest>;
  /** The error code a 401/403 carries (default `unauthenticated` / `forbidden`), e.g. an API key's `api_key_revoked`. */
  codes?: Partial<Record<Principal | 'patient', string>>;
}

/** Everyone, signed in or not, gets `status`. */
export const everyone = (status: number): Expectations => ({ anonymous: status, admin: status, supervisor: status, agent: status, developer: status });

/** Any signed-in staff user gets `status`; anonymous 401. */
export const signedIn = (status: number): Expectations => ({ ...everyone(status), anonymous: 401 });

/** The listed roles get `status`, the other roles 403, anonymous 401. */
export function only(roles: Role[], status: number): Expectations {
  const e = { anonymous: 401 } as Expectations;
  for (const role of STAFF_ROLES) e[role] = roles.includes(role) ? status : 403;
  return e;
}

/** A record of `home` asked for by a user of `other`: 404, never 403 (STYLE.md rule 4). */
export const foreign = (as: OtherOrganizationCase['as'], request: OtherOrganizationCase['request']): OtherOrganizationCase => ({ as, request, status: 404 });
