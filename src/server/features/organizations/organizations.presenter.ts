import type { OrganizationRow, PhoneNumberRow } from './organizations.repository.js';
import { Address, AgentSettings, AppointmentSettings, MissedCallTexts, defaultAgentSettings, defaultAppointmentSettings, defaultMissedCallTexts, type TextSending } from '../../../contracts/organizations.js';
import { faqEntriesFromStored } from '../../../domain/faq/faq-entries.js';

function presentPhoneNumbers(numbers: PhoneNumberRow[]) {
  return numbers.map((n) => ({ id: n.id, number: n.e164, label: n.label }));
}

/** Stored settings written before a field existed get that field's default. */
function settings<T>(schema: { safeParse: (v: unknown) => { success: true; data: T } | { success: false } }, stored: unknown, fallback: T): T {
  const parsed = schema.safeParse({ ...(fallback as object), ...(stored as object) });
  return parsed.success ? parsed.data : fallback;
}

function presentAddress(stored: Record<string, string>) {
  const parsed = Address.safeParse(stored ?? {});
  return parsed.success ? parsed.data : { line1: '', line2: '', city: '', region: '', postalCode: '', country: '' };
}

export function presentOrganizationSummary(org: OrganizationRow, numbers: PhoneNumberRow[]) {
  return {
    id: org.id,
    name: org.name,
    slug: org.slug,
    timeZone: org.timeZone,
    status: org.status,
    address: presentAddress(org.address),
    phoneNumbers: presentPhoneNumbers(numbers),
    version: org.version,
    updatedAt: org.updatedAt.toISOString(),
  };
}

export function presentOrganization({ organization: org, phoneNumbers: numbers, textSending }: { organization: OrganizationRow; phoneNumbers: PhoneNumberRow[]; textSending: TextSending }) {
  return {
    ...presentOrganizationSummary(org, numbers),
    agentSettings: agentSettingsOf(org),
    appointmentSettings: settings(AppointmentSettings, org.appointmentSettings, defaultAppointmentSettings()),
    missedCallTexts: missedCallTextsOf(org),
    textSending,
    createdAt: org.createdAt.toISOString(),
  };
}

/** An organization's agent settings as stored, with the defaults for what it lacks. */
export function agentSettingsOf(org: Pick<OrganizationRow, 'agentSettings' | 'name'>): AgentSettings {
  // An FAQ stored as free text (before issue 26) is shown, and saved next time, as entries.
  return settings(AgentSettings, { ...org.agentSettings, faq: faqEntriesFromStored(org.agentSettings.faq) }, defaultAgentSettings(org.name));
}

/**
 * Agent settings in one form, so that two that mean the same compare equal (as jsonb): an
 * agent-test run on a draft stores its draft so, and a save compares its settings so (decision
 * 056, addendum). Every field present, text trimmed, an FAQ entry's empty Spanish texts left out.
 */
export function canonicalAgentSettings(agentSettings: AgentSettings): AgentSettings {
  return AgentSettings.parse({ ...agentSettings, faq: faqEntriesFromStored(agentSettings.faq) });
}

/** An organization's missed-call texts as stored, with the defaults (off) for what it lacks. */
export function missedCallTextsOf(org: Pick<OrganizationRow, 'missedCallTexts'>): MissedCallTexts {
  return settings(MissedCallTexts, org.missedCallTexts, defaultMissedCallTexts());
}
