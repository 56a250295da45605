import { initialAgentState, organizationProfile } from '../agent-state.js';
import type { AgentState, TurnEnv } from '../agent-types.js';
import type { Toolbox } from '../tools/index.js';
import type { ToolName, ToolResult } from '../tools/tool-types.js';
import { TurnLog } from '../turn-log.js';

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

export function fakeEnv(state: AgentState = initialAgentState(), now = new Date('2026-05-11T14:00:00Z')): TurnEnv {
  return {
    ctx: { env: {}, clock: { now: () => now } } as unknown as TurnEnv['ctx'],
    call: { id: 'call-1', organizationId: 'org-1', provider: 'simulator', direction: 'inbound', from: '+18605550123', to: '+18605550100', startedAt: now },
    org: fakeOrganization(),
    rules: () => Promise.resolve(undefined),
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
  private readonly answers = new Map<ToolName, ToolResult>();

  answer(name: ToolName, result: ToolResult): this {
    this.answers.set(name, result);
    return this;
  }

  async run(name: ToolName, args: Record<string, unknown>): Promise<ToolResult> {
    this.calls.push({ name, args });
    return this.answers.get(name) ?? { ok: true, result: {}, speech: `(${name} done)` };
  }

  names(): ToolName[] {
    return this.calls.map((c) => c.name);
  }
}
