import { describe, expect, it } from 'vitest';
import { ScenarioBody } from '../../../contracts/agent-tests.js';
import { starterScenarios, type StarterInput } from './starter-suite.js';

const practice: StarterInput = {
  weekly: [1, 2, 3, 4, 5].map((day) => ({ day, start: '08:00', end: '17:00' })),
  overrides: [{ from: '2030-07-04', to: '2030-07-04', label: 'Independence Day', closed: true }],
  visitReasons: ['Annual physical', 'Sick visit'],
  appointmentsEnabled: true,
  transferBehaviour: 'on_duty_then_callback',
  languages: ['en', 'es'],
  staffedWhileOpen: true,
};
const byName = (input: StarterInput) => new Map(starterScenarios(input).map((s) => [s.name, s]));

describe('the starter suite of a practice', () => {
  it('follows its hours, holiday, visit reasons and transfers, and every scenario is valid', () => {
    const all = starterScenarios(practice);
    for (const s of all) expect(ScenarioBody.safeParse(s).success, s.name).toBe(true);
    const s = byName(practice);
    expect(s.get('Hours: asks about Saturday (closed)')?.expectations).toContainEqual({ kind: 'agent_said', text: 'closed' });
    expect(s.get('Hours: asks about Monday (open)')?.expectations).not.toContainEqual({ kind: 'agent_said', text: 'closed' });
    expect(s.get('Hours: asks about Independence Day (holiday)')?.caller.firstUtterance).toBe('Are you open on Independence Day?');
    expect([...s.keys()].filter((n) => n.startsWith('Booking: '))).toEqual(['Booking: Annual physical', 'Booking: Sick visit']);
    expect(s.get('Transfer: asks for a person while open')?.expectations).toEqual([{ kind: 'transferred', value: true }]);
    expect(s.get('Transfer: asks for a person while closed')?.caller.callsWhen).toBe('closed');
  });

  it('expects a call-back instead of a transfer where nobody staffs the open office, and no bookings where requests are off', () => {
    const s = byName({ ...practice, staffedWhileOpen: false, appointmentsEnabled: false });
    expect(s.get('Transfer: asks for a person while open')?.expectations).toEqual([{ kind: 'transferred', value: false }, { kind: 'handoff', type: 'callback' }]);
    expect([...s.keys()].some((n) => n.startsWith('Booking: '))).toBe(false);
  });
});
