import { isDeepStrictEqual } from 'node:util';
import type { AppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import { conflict, invalid, notFound } from '../../http/errors.js';
import { organizationScope, type StaffActor } from '../../policy/actor.js';
import { toE164 } from '../../../domain/phone.js';
import { recordAudit } from '../audit/index.js';
import { createEmptyHours } from './hours.service.js';
import { loadVisibleOrganization } from './organizations.policy.js';
import { agentSettingsOf, canonicalAgentSettings, missedCallTextsOf } from './organizations.presenter.js';
import {
  findOrganizationById,
  findOrganizationBySlug,
  findTextSending,
  insertOrganization,
  listMembers,
  listOrganizations,
  phoneNumbersOf,
  phoneNumbersTakenElsewhere,
  replacePhoneNumbers,
  requiredSuitesFailingOn,
  storeTextSending,
  updateOrganizationIfVersion,
  type OrganizationRow,
  type PhoneNumberRow,
} from './organizations.repository.js';
import {
  defaultAgentSettings,
  defaultAppointmentSettings,
  defaultMissedCallTexts,
  MESSAGING_SERVICE_SID,
  type Address,
  type FailingRequiredSuite,
  type TextSending,
  type CreateOrganizationInput,
  type UpdateOrganizationInput,
} from '../../../contracts/organizations.js';

/** What other features read of this one (its repository's queries, used as they are). */
export { type OrganizationRow, findOrganizationById, findOrganizationByNumber, findOrganizationBySlug, listVisibleOrganizations, phoneNumbersOf } from './organizations.repository.js';
export { missedCallTextsOf } from './organizations.presenter.js';

export interface OrganizationWithNumbers {
  organization: OrganizationRow;
  phoneNumbers: PhoneNumberRow[];
  textSending: TextSending;
}

/** The organization as its page shows it: with its numbers and how its texts are sent. */
async function withDetails(db: DbOrTx, organization: OrganizationRow): Promise<OrganizationWithNumbers> {
  const [numbers, sending] = await Promise.all([phoneNumbersOf(db, [organization.id]), findTextSending(db, organization.id)]);
  return {
    organization,
    phoneNumbers: numbers.get(organization.id) ?? [],
    textSending: { sender: sending?.sender ?? '', perSecond: sending?.perSecond ?? null },
  };
}

/**
 * The sender as stored: a Messaging Service SID as typed, a phone number in E.164 (read in the
 * address's country), empty as none (the first phone number).
 */
function normalizeTextSending(input: TextSending, address: Partial<Address>): { sender: string | null; perSecond: number | null } {
  if (input.sender === '') return { sender: null, perSecond: input.perSecond };
  if (MESSAGING_SERVICE_SID.test(input.sender)) return { sender: `MG${input.sender.slice(2).toLowerCase()}`, perSecond: input.perSecond };
  const e164 = toE164(input.sender, phoneCountryOf(address));
  if (!e164) throw invalid({ 'textSending.sender': 'Enter a valid phone number in international form, e.g. +1 860 555 0100, or a Messaging Service SID.' });
  return { sender: e164, perSecond: input.perSecond };
}

export const STALE_MESSAGE = 'This organization was changed elsewhere. Reload to see the latest version, then make your change again.';

export async function listOrganizationsFor(
  ctx: AppContext,
  actor: StaffActor,
  query: { q?: string; status?: OrganizationRow['status']; includeDeactivated: boolean },
): Promise<Omit<OrganizationWithNumbers, 'textSending'>[]> {
  // Deactivated organizations are hidden from everyone but administrators.
  const includeDeactivated = actor.allOrganizations && (query.includeDeactivated || query.status === 'deactivated');
  if (query.status === 'deactivated' && !includeDeactivated) return [];
  const rows = await listOrganizations(ctx.db, { scope: organizationScope(actor), includeDeactivated, status: query.status, q: query.q });
  const numbers = await phoneNumbersOf(ctx.db, rows.map((r) => r.id));
  return rows.map((organization) => ({ organization, phoneNumbers: numbers.get(organization.id) ?? [] }));
}

export async function getOrganization(ctx: AppContext, actor: StaffActor, id: string): Promise<OrganizationWithNumbers> {
  const organization = await loadVisibleOrganization(ctx.db, actor, id);
  return withDetails(ctx.db, organization);
}

export async function createOrganization(ctx: AppContext, actor: StaffActor, input: CreateOrganizationInput): Promise<OrganizationWithNumbers> {
  const address = input.address ?? { line1: '', line2: '', city: '', region: '', postalCode: '', country: '' };
  const numbers = normalizePhoneNumbers(input.phoneNumbers, address);
  const sending = input.textSending ? normalizeTextSending(input.textSending, address) : null;
  if (await findOrganizationBySlug(ctx.db, input.slug)) throw slugTaken();
  await assertNumbersFree(ctx.db, numbers, null);
  try {
    return await ctx.db.transaction(async (tx) => {
      const organization = await insertOrganization(tx, {
        name: input.name,
        slug: input.slug,
        timeZone: input.timeZone,
        status: input.status,
        address,
        agentSettings: input.agentSettings ?? defaultAgentSettings(input.name),
        appointmentSettings: input.appointmentSettings ?? defaultAppointmentSettings(),
        missedCallTexts: input.missedCallTexts ?? defaultMissedCallTexts(),
      });
      await createEmptyHours(tx, organization.id);
      await storeNumbers(tx, organization.id, numbers);
      if (sending) await storeTextSending(tx, organization.id, sending);
      await recordAudit(tx, {
        action: 'organization.created',
        outcome: 'success',
        actor,
        organizationId: organization.id,
        recordType: 'organization',
        recordId: organization.id,
        details: { slug: organization.slug, phoneNumbers: numbers.length },
      });
      return withDetails(tx, organization);
    });
  } catch (err) {
    throw translateUniqueViolation(err);
  }
}

export async function updateOrganization(
  ctx: AppContext,
  actor: StaffActor,
  id: string,
  input: UpdateOrganizationInput,
): Promise<OrganizationWithNumbers> {
  const current = await loadVisibleOrganization(ctx.db, actor, id);
  const address = input.address ?? (current.address as Address);
  const numbers = input.phoneNumbers ? normalizePhoneNumbers(input.phoneNumbers, address) : undefined;
  const sending = input.textSending ? normalizeTextSending(input.textSending, address) : undefined;
  if (input.slug !== undefined && input.slug !== current.slug) {
    const other = await findOrganizationBySlug(ctx.db, input.slug);
    if (other && other.id !== id) throw slugTaken();
  }
  if (numbers) await assertNumbersFree(ctx.db, numbers, id);
  const agentSettings = input.agentSettings ? canonicalAgentSettings(input.agentSettings) : undefined;
  const agentSettingsChange = agentSettings && !isDeepStrictEqual(agentSettings, agentSettingsOf(current)) ? agentSettings : undefined;
  try {
    return await ctx.db.transaction(async (tx) => {
      const updated = await updateOrganizationIfVersion(tx, id, input.version, {
        name: input.name,
        slug: input.slug,
        timeZone: input.timeZone,
        status: input.status,
        address: input.address,
        agentSettings: input.agentSettings,
        appointmentSettings: input.appointmentSettings,
        missedCallTexts: input.missedCallTexts,
      });
      if (!updated) throw await staleOrGone(tx, id);
      // After the version check: an edit made from an old copy is told so first.
      const failing = agentSettingsChange ? await requiredSuitesFailingOn(tx, id, agentSettingsChange) : [];
      if (failing.length && !input.confirmRequiredSuiteFailure) throw requiredSuiteFailing(failing);
      if (failing.length) {
        await recordAudit(tx, {
          action: 'organization.agent_settings_saved_despite_failing_suite',
          outcome: 'success',
          actor,
          organizationId: id,
          recordType: 'organization',
          recordId: id,
          details: { suites: failing.map((f) => ({ suiteId: f.id, name: f.name, runId: f.runId, passed: f.passed, total: f.total })) },
        });
      }
      if (numbers) await storeNumbers(tx, id, numbers);
      const sendingBefore = sending ? await findTextSending(tx, id) : undefined;
      if (sending) await storeTextSending(tx, id, sending);
      const fields = (Object.keys(input) as (keyof UpdateOrganizationInput)[]).filter((k) => k !== 'version' && k !== 'confirmRequiredSuiteFailure' && input[k] !== undefined);
      await recordAudit(tx, {
        action: 'organization.updated',
        outcome: 'success',
        actor,
        organizationId: id,
        recordType: 'organization',
        recordId: id,
        details: {
          fields,
          ...(input.status && input.status !== current.status ? { status: { from: current.status, to: input.status } } : {}),
          // Turning texts to missed callers on or off changes what patients receive: said in the record.
          ...(input.missedCallTexts && input.missedCallTexts.enabled !== missedCallTextsOf(current).enabled ? { missedCallTexts: { enabled: input.missedCallTexts.enabled } } : {}),
          // Who texts come from is what patients see and reply to: the change is in the record.
          ...(sending && (sending.sender ?? null) !== (sendingBefore?.sender ?? null) ? { textSender: { from: sendingBefore?.sender ?? null, to: sending.sender } } : {}),
        },
      });
      return withDetails(tx, updated);
    });
  } catch (err) {
    throw translateUniqueViolation(err);
  }
}

/** Administrators deactivate (hidden from everyone else, numbers stop routing) and reactivate. */
export async function setOrganizationActive(
  ctx: AppContext,
  actor: StaffActor,
  id: string,
  active: boolean,
  version: number | undefined,
): Promise<OrganizationWithNumbers> {
  const current = await loadVisibleOrganization(ctx.db, actor, id);
  if (!active && current.status === 'deactivated') throw conflict('This organization is already deactivated.', 'invalid_transition');
  if (active && current.status !== 'deactivated') throw conflict('This organization is not deactivated.', 'invalid_transition');
  return ctx.db.transaction(async (tx) => {
    const updated = await updateOrganizationIfVersion(tx, id, version ?? current.version, { status: active ? 'active' : 'deactivated' });
    if (!updated) throw await staleOrGone(tx, id);
    await recordAudit(tx, {
      action: active ? 'organization.reactivated' : 'organization.deactivated',
      outcome: 'success',
      actor,
      organizationId: id,
      recordType: 'organization',
      recordId: id,
      details: { from: current.status },
    });
    return withDetails(tx, updated);
  });
}

export async function membersOf(ctx: AppContext, actor: StaffActor, id: string) {
  const organization = await loadVisibleOrganization(ctx.db, actor, id);
  return listMembers(ctx.db, organization.id);
}

/** The country numbers without a country code are read in: the address's, if we know its plan. */
export function phoneCountryOf(address: Partial<Address> | null | undefined): 'US' | 'GB' | 'CA' {
  const country = address?.country?.toUpperCase();
  return country === 'GB' || country === 'CA' ? country : 'US';
}

function normalizePhoneNumbers(input: { number: string; label: string }[], address: Partial<Address>): { e164: string; label: string }[] {
  const fields: Record<string, string> = {};
  const seen = new Map<string, number>();
  const out: { e164: string; label: string }[] = [];
  input.forEach((n, i) => {
    const e164 = toE164(n.number, phoneCountryOf(address));
    if (!e164) {
      fields[`phoneNumbers.${i}.number`] = 'Enter a valid phone number in international form, e.g. +1 860 555 0100.';
      return;
    }
    if (seen.has(e164)) {
      fields[`phoneNumbers.${i}.number`] = `This number is already listed above (${e164}).`;
      return;
    }
    seen.set(e164, i);
    out.push({ e164, label: n.label });
  });
  if (Object.keys(fields).length) throw invalid(fields);
  return out;
}

async function assertNumbersFree(db: DbOrTx, numbers: { e164: string }[], organizationId: string | null): Promise<void> {
  const taken = await phoneNumbersTakenElsewhere(db, numbers.map((n) => n.e164), organizationId);
  if (taken.size === 0) return;
  throw numbersTaken(numbers.map((n) => n.e164), taken);
}

async function storeNumbers(db: DbOrTx, organizationId: string, numbers: { e164: string; label: string }[]): Promise<void> {
  const lost = await replacePhoneNumbers(db, organizationId, numbers);
  if (lost.length) throw numbersTaken(numbers.map((n) => n.e164), new Set(lost));
}

function numbersTaken(all: string[], taken: Set<string>) {
  const fields: Record<string, string> = {};
  all.forEach((e164, i) => {
    if (taken.has(e164)) fields[`phoneNumbers.${i}.number`] = `${e164} already routes calls to another organization; a number can belong to one organization only.`;
  });
  return conflict('A phone number belongs to another organization.', 'conflict', { fields });
}

/**
 * A save of agent settings on which a required suite's latest run failed (decision 056, addendum):
 * refused until the request confirms it, naming the suites.
 */
function requiredSuiteFailing(suites: FailingRequiredSuite[]) {
  const names = suites.map((s) => `“${s.name}”`).join(', ');
  return conflict(
    `${suites.length === 1 ? 'The required agent-test suite' : 'The required agent-test suites'} ${names} failed on exactly these agent settings, so nothing was saved. To save them anyway, confirm it (send confirmRequiredSuiteFailure: true); the save is recorded in the audit log.`,
    'required_suite_failing',
    { suites },
  );
}

const slugTaken = () =>
  conflict('That slug is taken.', 'conflict', { fields: { slug: 'Another organization already uses this slug. Choose another.' } });

async function staleOrGone(db: DbOrTx, id: string) {
  const row = await findOrganizationById(db, id);
  if (!row) return notFound('That organization');
  return conflict(STALE_MESSAGE, 'stale_version', { currentVersion: row.version });
}

/** A race the pre-checks could not see still answers 409 with the field, not 500. */
function translateUniqueViolation(err: unknown): unknown {
  const pgErr = (err as { cause?: { code?: string; constraint?: string } })?.cause ?? (err as { code?: string; constraint?: string });
  if (pgErr?.code !== '23505') return err;
  if (pgErr.constraint === 'organizations_slug_unique') return slugTaken();
  if (pgErr.constraint === 'organization_phone_numbers_e164_unique') {
    return conflict('A phone number belongs to another organization.', 'conflict', {
      fields: { phoneNumbers: 'One of these numbers was just given to another organization. Reload and try again.' },
    });
  }
  return err;
}
