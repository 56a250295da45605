/**
 * Organizations: the record, its phone numbers and office hours, who may see it
 * (organizations.policy), and their administration.
 *
 * The feature's public entry: other features, the agent, telephony and the app import only this
 * file (eslint.config.js); tests may reach inside.
 */
export { hoursV1Routes } from './hours-v1.routes.js';
export { hoursRoutes } from './hours.routes.js';
export { cachedHoursStatus, findHours, openNow, presentOpenNow, toHours } from './hours.service.js';
export { organizationsV1Routes } from './organizations-v1.routes.js';
export { isUuid, loadVisibleOrganization, organizationVisibleTo } from './organizations.policy.js';
export type { OrganizationRow } from './organizations.repository.js';
export { canonicalAgentSettings } from './organizations.presenter.js';
export { organizationsRoutes } from './organizations.routes.js';
export { findOrganizationById, findOrganizationByNumber, findOrganizationBySlug, listVisibleOrganizations, missedCallTextsOf, phoneCountryOf, phoneNumbersOf } from './organizations.service.js';
export { isSandboxOrganization, prepareSandbox, resetSandbox } from './sandbox.service.js';
