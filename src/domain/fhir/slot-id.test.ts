import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeSlotId, encodeSlotId } from './slot-id.js';

const FHIR_ID = /^[A-Za-z0-9\-.]{1,64}$/;

describe('slot ids', () => {
  it('are FHIR ids that give back the clinician, the visit type and the start', () => {
    const key = { clinicianId: '0f8c2d4e-8a1b-4c3d-9e2f-1a2b3c4d5e6f', visitTypeId: 'ffffffff-0000-4000-8000-00000000abcd', startMs: Date.parse('2026-03-03T14:40:00Z') };
    const id = encodeSlotId(key);
    expect(id).toMatch(FHIR_ID);
    expect(id).toHaveLength(48);
    expect(decodeSlotId(id)).toEqual(key);
  });

  it('round-trip for any UUIDs and minute', () => {
    fc.assert(
      fc.property(fc.uuid(), fc.uuid(), fc.integer({ min: 0, max: 2 ** 32 - 1 }), (clinicianId, visitTypeId, minutes) => {
        const key = { clinicianId, visitTypeId, startMs: minutes * 60_000 };
        const id = encodeSlotId(key);
        expect(id).toMatch(FHIR_ID);
        expect(decodeSlotId(id)).toEqual(key);
      }),
    );
  });

  it('are stable: the same time of the same clinician and visit type has the same id', () => {
    const key = { clinicianId: '0f8c2d4e-8a1b-4c3d-9e2f-1a2b3c4d5e6f', visitTypeId: 'ffffffff-0000-4000-8000-00000000abcd', startMs: 0 };
    expect(encodeSlotId(key)).toBe(encodeSlotId({ ...key }));
    expect(encodeSlotId(key)).not.toBe(encodeSlotId({ ...key, startMs: 60_000 }));
  });

  it('refuse what is not one of ours', () => {
    for (const id of ['', 'abc', 'x'.repeat(47), `${'A'.repeat(47)}_`, '0f8c2d4e-8a1b-4c3d-9e2f-1a2b3c4d5e6f', `${'A'.repeat(47)}/`]) expect(decodeSlotId(id)).toBeNull();
    expect(() => encodeSlotId({ clinicianId: 'not-a-uuid', visitTypeId: '0f8c2d4e-8a1b-4c3d-9e2f-1a2b3c4d5e6f', startMs: 0 })).toThrow();
    expect(() => encodeSlotId({ clinicianId: '0f8c2d4e-8a1b-4c3d-9e2f-1a2b3c4d5e6f', visitTypeId: '0f8c2d4e-8a1b-4c3d-9e2f-1a2b3c4d5e6f', startMs: 1 })).toThrow();
  });
});
