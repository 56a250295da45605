import { defaultAgentSettings } from '../../contracts/organizations.js';
import { faqEntriesFromStored } from '../../domain/faq/faq-entries.js';
import type { AgentState, OrganizationProfile } from './agent-types.js';
import { initialBuiltinState } from './brains/builtin/builtin-state.js';

export function initialAgentState(): AgentState {
  return { v: 1, turn: 0, silences: 0, lastPrompt: '', ended: false, heardCaller: false, done: {}, lookupFailures: 0, builtin: initialBuiltinState(), llm: { messages: [] } };
}

/** The stored state, with defaults for anything a state written by an older version lacks. */
export function readAgentState(stored: Record<string, unknown> | null | undefined): AgentState {
  const base = initialAgentState();
  if (!stored || typeof stored !== 'object' || stored.v !== 1) return base;
  const s = stored as Partial<AgentState>;
  return {
    ...base,
    ...s,
    done: { ...(s.done ?? {}) },
    builtin: { ...base.builtin, ...(s.builtin ?? {}) },
    llm: { messages: Array.isArray(s.llm?.messages) ? s.llm.messages : [] },
  };
}

const profiles = new WeakMap<object, OrganizationProfile>();

/**
 * The agent's view of an organization row, worked out once per row object: a call keeps its
 * organization's row for all its turns (the snapshot cache). Profiles are read, never changed.
 */
export function organizationProfile(row: Parameters<typeof profileOf>[0]): OrganizationProfile {
  let profile = profiles.get(row);
  if (!profile) profiles.set(row, (profile = profileOf(row)));
  return profile;
}

/** The agent's view of an organization row (settings stored before a field existed get defaults). */
function profileOf(row: {
  id: string;
  name: string;
  timeZone: string;
  status: OrganizationProfile['status'];
  address: Record<string, string> | null;
  agentSettings: Record<string, unknown> | null;
  appointmentSettings: Record<string, unknown> | null;
}): OrganizationProfile {
  const s = { ...defaultAgentSettings(row.name), ...pickStrings(row.agentSettings ?? {}) } as OrganizationProfile['settings'];
  s.faq = faqEntriesFromStored(row.agentSettings?.faq);
  if (s.brain !== 'llm') s.brain = 'builtin';
  if (s.voiceMode !== 'relay') s.voiceMode = 'gather';
  if (!['on_duty_then_callback', 'callback_only', 'never_transfer'].includes(s.transferBehaviour)) s.transferBehaviour = 'on_duty_then_callback';
  const langs = Array.isArray(row.agentSettings?.languages) ? (row.agentSettings.languages as unknown[]).filter((l): l is 'en' | 'es' => l === 'en' || l === 'es') : null;
  s.languages = langs?.length ? langs : ['en', 'es'];
  const ap = row.appointmentSettings ?? {};
  const country = String(row.address?.country ?? '').toUpperCase();
  return {
    id: row.id,
    name: row.name,
    timeZone: row.timeZone,
    status: row.status,
    country: country === 'GB' || country === 'CA' ? country : 'US',
    address: row.address ?? {},
    settings: s,
    appointments: {
      enabled: ap.enabled !== false,
      visitReasons: Array.isArray(ap.visitReasons) ? ap.visitReasons.filter((r): r is string => typeof r === 'string') : [],
      message: typeof ap.message === 'string' ? ap.message : '',
    },
  };
}

function pickStrings(o: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => typeof v === 'string' && v !== '')) as Record<string, string>;
}
