import type { DbOrTx } from '../../db/client.js';
import { copyHours, setHoursAroundTheClock } from './hours.repository.js';
import { clearSandboxRecords } from './sandbox.repository.js';
import { isSandboxOrganization, upsertSandboxOrganization, type OrganizationRow } from './organizations.repository.js';

/**
 * A practice's hidden sandbox (decision 056), where agent tests play through the real pipeline:
 * brought in step with the practice at the start of each run — its settings (or the draft's
 * agent settings) and office hours — and emptied of what the last run left. It has no phone
 * numbers, no members and no webhooks; it is never listed, opened, dialled, counted in analytics
 * or exported. (The run also copies the practice's schedules and calendars, through their features.)
 */
export async function prepareSandbox(db: DbOrTx, practice: OrganizationRow, agentSettings: Record<string, unknown>): Promise<OrganizationRow> {
  const sandbox = await upsertSandboxOrganization(db, practice, agentSettings);
  await clearSandboxRecords(db, sandbox.id);
  await copyHours(db, practice.id, sandbox.id);
  return sandbox;
}

export { isSandboxOrganization };

/**
 * The sandbox made ready for the next test call: emptied of what earlier test calls left (each
 * scenario starts from an empty practice), and its office set to the practice's hours (`any`) or
 * open or closed around the clock. Calls of one practice's runs play one at a time (decision
 * 056), so this never changes under another test call.
 */
export async function resetSandbox(db: DbOrTx, sandbox: Pick<OrganizationRow, 'id' | 'sandboxOf'>, when: 'any' | 'open' | 'closed'): Promise<void> {
  if (!sandbox.sandboxOf) throw new Error('resetSandbox: not a sandbox');
  await clearSandboxRecords(db, sandbox.id);
  if (when === 'any') await copyHours(db, sandbox.sandboxOf, sandbox.id);
  else await setHoursAroundTheClock(db, sandbox.id, when === 'open');
}
