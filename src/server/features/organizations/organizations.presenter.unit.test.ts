import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OrganizationView, defaultTextSending } from '../../../contracts/organizations.js';
import { presentOrganization } from './organizations.presenter.js';
import type { OrganizationRow } from './organizations.repository.js';

const row = (agentSettings: Record<string, unknown>): OrganizationRow => ({
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Old Clinic',
  slug: 'old-clinic',
  timeZone: 'America/New_York',
  status: 'active',
  sandboxOf: null,
  address: {},
  agentSettings,
  appointmentSettings: {},
  missedCallTexts: {},
  version: 4,
  createdAt: new Date('2025-01-01T00:00:00Z'),
  updatedAt: new Date('2025-01-01T00:00:00Z'),
});

describe('presentOrganization: an FAQ stored as text (before issue 26)', () => {
  it('is presented as entries beside the other settings as stored', () => {
    const view = presentOrganization({ organization: row({ greeting: 'Hello.', faq: 'Q: Is there parking? A: Behind the building.' }), phoneNumbers: [], textSending: defaultTextSending() });
    expect(view.agentSettings).toMatchObject({ greeting: 'Hello.', faq: [{ question: 'Is there parking?', answer: 'Behind the building.' }] });
  });

  it('whatever the text (up to the old limit of 50,000 characters), the view is valid: the answer to a GET never fails on it', () => {
    const piece = fc.oneof(fc.constantFrom('Q:', 'A:', 'q: ', '\n', '\n\n', '?', ' ', '. '), fc.string({ maxLength: 400 }));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 200 }), (pieces) => {
        const faq = pieces.join('').slice(0, 50_000);
        const view = presentOrganization({ organization: row({ greeting: 'Hello.', faq }), phoneNumbers: [], textSending: defaultTextSending() });
        expect(OrganizationView.safeParse(view).success).toBe(true);
        // Never the defaults in place of what was stored.
        expect(view.agentSettings.greeting).toBe('Hello.');
      }),
      { numRuns: 200 },
    );
  });
});
