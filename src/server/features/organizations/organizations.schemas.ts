/**
 * Moved to src/contracts/organizations.ts. Kept only because
 * src/server/telephony/testing/call-fixtures.ts (another change in progress) still imports the
 * default agent settings from here; delete this file once it imports
 * ../../../contracts/organizations.js.
 */
export { defaultAgentSettings } from '../../../contracts/organizations.js';
