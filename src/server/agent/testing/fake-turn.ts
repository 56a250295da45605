import { initialAgentState, organizationProfile } from '../agent-state.js';
import type { AgentState, TurnEnv } from '../agent-types.js';
import type { VisitTypeRow } from '../../features/calendars/index.js';
import type { Toolbox } from '../tools/index.js';
import type { ToolName, ToolResult } from '../tools/tool-types.js';
import { TurnLog } from '../turn-log.js';
import { toHours } from '../../features/organizations/index.js';

/**
 * A turn without a database, for unit tests of the brains: the organization is a plain profile
 * and the tools are canned (every call is recorded).
 */
export function fakeOrganization(overrides: { country?: 'US' | 'GB'; agentSettings?: Record<string, unknown> } = {}) {
  return organizationProfile({
    id: 'org-1',
    name: 'Maple Street Family Practice',
    timeZone: overrides.country === 'GB' ? 'Europe/London' : 'America/New_York',
    status: 'active',
    address: { line1: '214 Maple Street', city: 'Hartford', region: 'CT', postalCode: '06103', country: overrides.country ?? 'US' },
    agentSettings: { greeting: '', emergencyMessage: 'If this is a medical emergency, hang up and call 911 now.', ...(overrides.agentSettings ?? {}) },
    appointmentSettings: { enabled: true, visitReasons: ['New patient visit', 'Follow-up', 'Annual physical', 'Sick visit', 'Vaccination'], message: '' },
  });
}

/** `visitTypes`: the practice's visit types (none by default: nothing is booked directly). */
export function fakeEnv(state: AgentState = initialAgentState(), now = new Date('2026-05-11T14:00:00Z'), visitTypes: VisitTypeRow[] = []): TurnEnv {
  return {
    ctx: { env: {}, clock: { now: () => now } } as unknown as TurnEnv['ctx'],
    call: { id: 'call-1', organizationId: 'org-1', provider: 'simulator', direction: 'inbound', from: '+18605550123', to: '+18605550100', startedAt: now },
    org: fakeOrganization(),
    rules: () => Promise.resolve(undefined),
    hours: () => Promise.resolve(toHours('America/New_York', undefined)),
    hoursNow: () => Promise.reject(new Error('no hours in unit tests')),
    visitTypes: () => Promise.resolve(visitTypes),
    organizationRow: () => Promise.reject(new Error('no database in unit tests')),
    state,
    now,
    log: new TurnLog(() => now),
    tx: () => Promise.reject(new Error('no database in unit tests')),
    reader: () => {
      throw new Error('no database in unit tests');
    },
  };
}

export class FakeToolbox implements Toolbox {
  readonly calls: { name: ToolName; args: Record<string, unknown> }[] = [];
  private readonly answers = new Map<ToolName, ToolResult | ((args: Record<string, unknown>) => ToolResult)>();

  /** A canned answer, or one worked out from the arguments (and free to change the call's state, as the real tool would). */
  answer(name: ToolName, result: ToolResult | ((args: Record<string, unknown>) => ToolResult)): this {
    this.answers.set(name, result);
    return this;
  }

  async run(name: ToolName, args: Record<string, unknown>): Promise<ToolResult> {
    this.calls.push({ name, args });
    const answer = this.answers.get(name);
    return (typeof answer === 'function' ? answer(args) : answer) ?? { ok: true, result: {}, speech: `(${name} done)` };
  }

  names(): ToolName[] {
    return this.calls.map((c) => c.name);
  }
}
