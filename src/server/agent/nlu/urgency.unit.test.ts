import { describe, expect, it } from 'vitest';
import { glossSpanish } from './language.js';
import { needsClinicianNow } from './urgency.js';

describe('a caller who needs a clinician now', () => {
  it.each([
    "I need to talk to a nurse, my son's had a fever all evening",
    'can I speak to the nurse please',
    'my daughter has a temperature of 102 and is throwing up, can I talk to someone',
    'I need to speak to the on call doctor',
    "she's got a rash and she's really unwell, can I talk to somebody",
    "it's urgent, I need to speak to someone",
    'my baby has been coughing and wheezing, is there a nurse',
  ])('%s', (said) => expect(needsClinicianNow(said)).toBe(true));

  it.each([
    'can I talk to the front desk',
    'I want to speak to someone about my bill',
    'can I talk to the doctor about my test results',
    'I need to speak to a nurse about a prescription refill',
    'transfer me to a person please',
    'can I talk to someone about rescheduling',
  ])('not: %s', (said) => expect(needsClinicianNow(said)).toBe(false));

  it('understands the Spanish through its gloss', () => {
    expect(needsClinicianNow(glossSpanish('necesito hablar con la enfermera, mi hija tiene fiebre'))).toBe(true);
    expect(needsClinicianNow(glossSpanish('quiero hablar con alguien de recepción'))).toBe(false);
  });
});
