import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentRequests } from '../../db/schema/index.js';
import { auditRows, createOrganization, createStaffUser, createTestApp, errorCode, signIn, type TestAppHandle } from '../../test-support/index.js';
import { createPractice, intakeTokenFor, submitWebRequest } from '../../test-support/patients.js';
import type { OrganizationRow } from '../organizations/organizations.repository.js';

let t: TestAppHandle;
let practice: OrganizationRow;
let agentCookie: string;
let outsiderCookie: string;

const COMPLETE = {
  demographics: { preferredName: 'Annie', sex: 'female', city: 'Hartford', postalCode: '06103', preferredLanguage: 'es' },
  insurance: { hasInsurance: 'yes', carrier: 'Aetna', memberId: 'W123-456', relationship: 'self' },
  medicalHistory: { conditions: ['asthma'], otherConditions: '', surgeries: 'Appendix, 2010' },
  medications: { takesMedications: 'yes', list: 'Albuterol inhaler as needed' },
  allergies: { hasAllergies: 'no' },
  emergencyContact: { name: "Luis O'Neil", relationship: 'Brother', phone: '(860) 555-0199' },
  consent: { treatment: true, privacy: true, signature: 'Ana García' },
};

beforeAll(async () => {
  t = await createTestApp();
  practice = await createPractice(t.ctx);
  const agent = await createStaffUser(t.ctx, { role: 'agent', organizationIds: [practice.id] });
  agentCookie = await signIn(t.app, agent.email, agent.password);
  const other = await createOrganization(t.ctx);
  const outsider = await createStaffUser(t.ctx, { role: 'supervisor', organizationIds: [other.id] });
  outsiderCookie = await signIn(t.app, outsider.email, outsider.password);
});
afterAll(() => t?.close());

async function newIntake() {
  const r = await submitWebRequest(t.app, practice.slug);
  const token = await intakeTokenFor(t.ctx, r.email);
  const [row] = await t.db.select().from(appointmentRequests).where(eq(appointmentRequests.referenceCode, r.referenceCode));
  return { ...r, token, requestId: row!.id, headers: { 'x-intake-token': token } };
}

describe('the patient side', () => {
  it('the link opens that request’s form, prefilled from the request', async () => {
    const i = await newIntake();
    const res = await t.app.inject({ url: '/api/intake', headers: i.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'not_started',
      request: { referenceCode: i.referenceCode, firstName: 'Ana' },
      answers: { insurance: { hasInsurance: 'yes', carrier: 'Aetna', memberId: 'W123-456' } },
    });
  });

  it('an answer that hides fields clears them: "No" to insurance drops the prefilled insurer, member id and relationship, on save and on submit (issue 19 §5)', async () => {
    const i = await newIntake();
    // Prefilled from the request: insured, with an insurer and member id.
    const saved = await t.app.inject({ method: 'PATCH', url: '/api/intake', headers: i.headers, payload: { answers: { insurance: { hasInsurance: 'no' } } } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().answers.insurance).toEqual({ hasInsurance: 'no' });
    // Hidden answers sent anyway (an old page, a script) are not kept either.
    const sneaked = await t.app.inject({
      method: 'PATCH',
      url: '/api/intake',
      headers: i.headers,
      payload: { answers: { insurance: { carrier: 'Aetna', groupNumber: 'G-1' }, allergies: { hasAllergies: 'no', list: 'peanuts' } } },
    });
    expect(sneaked.json().answers.insurance).toEqual({ hasInsurance: 'no' });
    expect(sneaked.json().answers.allergies).toEqual({ hasAllergies: 'no' });

    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/intake/submit',
      headers: i.headers,
      payload: { answers: { ...COMPLETE, insurance: { hasInsurance: 'no', carrier: 'Aetna', memberId: 'W123-456', relationship: 'self' }, medications: { takesMedications: 'no', list: 'old list' } } },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().answers.insurance).toEqual({ hasInsurance: 'no' });
    expect(sent.json().answers.medications).toEqual({ takesMedications: 'no' });
    // Staff and the FHIR export see the same.
    const staff = await t.app.inject({ url: `/api/appointment-requests/${i.requestId}/intake`, headers: { cookie: agentCookie } });
    expect(staff.json().intake.answers.insurance).toEqual({ hasInsurance: 'no' });
  });

  it('missing answers are named in one voice: each says what to do', async () => {
    const i = await newIntake();
    await t.app.inject({ method: 'PATCH', url: '/api/intake', headers: i.headers, payload: { answers: { insurance: { hasInsurance: 'yes', carrier: '', memberId: '' } } } });
    const res = await t.app.inject({ method: 'POST', url: '/api/intake/submit', headers: i.headers, payload: {} });
    const fields = res.json().error.fields as Record<string, string>;
    expect(fields['answers.insurance.carrier']).toBe('Enter the name of your insurance company.');
    expect(fields['answers.medications.takesMedications']).toBe('Tell us whether you take any medications.');
    expect(fields['answers.emergencyContact.name']).toBe('Enter the name of someone we can call in an emergency.');
    expect(Object.values(fields)).not.toContain('This field is required.');
  });

  it('saves progress field by field, submits once, then is read-only', async () => {
    const i = await newIntake();
    const save = await t.app.inject({ method: 'PATCH', url: '/api/intake', headers: i.headers, payload: { answers: { demographics: { city: 'Hartford' } } } });
    expect(save.statusCode).toBe(200);
    expect(save.json().status).toBe('in_progress');
    const save2 = await t.app.inject({ method: 'PATCH', url: '/api/intake', headers: i.headers, payload: { answers: { emergencyContact: { phone: '860 555 0199' } } } });
    expect(save2.json().answers).toMatchObject({ demographics: { city: 'Hartford' }, emergencyContact: { phone: '+18605550199' } });

    const incomplete = await t.app.inject({ method: 'POST', url: '/api/intake/submit', headers: { ...i.headers, 'accept-language': 'es' }, payload: {} });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().error.fieldKeys).toMatchObject({
      'answers.consent.treatment': 'mustAccept',
      'answers.consent.signature': 'required',
      'answers.medications.takesMedications': 'required',
      'answers.emergencyContact.name': 'required',
    });
    expect(incomplete.json().error.fields['answers.consent.treatment']).toBe('Marque la casilla para continuar.');

    const sent = await t.app.inject({ method: 'POST', url: '/api/intake/submit', headers: i.headers, payload: { answers: COMPLETE } });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ status: 'submitted', answers: { consent: { signature: 'Ana García' }, demographics: { city: 'Hartford' } } });
    const again = await t.app.inject({ method: 'POST', url: '/api/intake/submit', headers: i.headers, payload: { answers: { ...COMPLETE, consent: { ...COMPLETE.consent, signature: 'Someone Else' } } } });
    expect(again.statusCode).toBe(200);
    expect(again.json().answers.consent.signature).toBe('Ana García');
    const edit = await t.app.inject({ method: 'PATCH', url: '/api/intake', headers: i.headers, payload: { answers: { demographics: { city: 'Boston' } } } });
    expect(edit.statusCode).toBe(409);
    expect(errorCode(edit)).toBe('intake_submitted');
  });

  it('a tampered, made-up or missing token is a clear error, never someone else’s form', async () => {
    const i = await newIntake();
    await t.app.inject({ method: 'PATCH', url: '/api/intake', headers: i.headers, payload: { answers: { demographics: { preferredName: 'Secret' } } } });
    const flipped = i.token.slice(0, -2) + (i.token.endsWith('AA') ? 'BB' : 'AA');
    for (const token of [flipped, i.token.slice(0, 30), `${i.token}x`, 'x'.repeat(43), "' OR 1=1 --", '']) {
      const res = await t.app.inject({ url: '/api/intake', headers: { 'x-intake-token': token } });
      expect(res.statusCode, token).toBe(404);
      expect(errorCode(res)).toBe('intake_link_invalid');
      expect(res.body).not.toContain('Secret');
    }
    expect((await t.app.inject({ url: '/api/intake' })).statusCode).toBe(404);
  });

  it('links expire after 30 days', async () => {
    const i = await newIntake();
    t.ctx.clock.advance(31 * 86_400_000);
    try {
      const res = await t.app.inject({ url: '/api/intake', headers: i.headers });
      expect(res.statusCode).toBe(410);
      expect(errorCode(res)).toBe('intake_link_expired');
    } finally {
      t.ctx.clock.reset();
    }
  });
});

describe('bad input', () => {
  const SCRIPT = '<script>alert(1)</script>';
  const SQL = "'); DROP TABLE intake_submissions;--";
  it.each([
    ['demographics', 'preferredName', '', 'ok'],
    ['demographics', 'preferredName', 'a'.repeat(61), 'tooLong:60'],
    ['demographics', 'preferredName', 5, 'wrongType'],
    ['demographics', 'preferredName', 'Ann3', 'nameFormat'],
    ['demographics', 'preferredName', SCRIPT, 'markup'],
    ['demographics', 'preferredName', SQL, 'nameFormat'],
    ['demographics', 'sex', 'robot', 'choice'],
    ['demographics', 'sex', 1, 'choice'],
    ['demographics', 'sex', SCRIPT, 'choice'],
    ['demographics', 'postalCode', '06103#', 'format'],
    ['demographics', 'postalCode', SQL, 'tooLong:12'],
    ['demographics', 'postalCode', "1' OR '1", 'format'],
    ['demographics', 'postalCode', 'a'.repeat(13), 'tooLong:12'],
    ['medicalHistory', 'conditions', 'asthma', 'wrongType'],
    ['medicalHistory', 'conditions', ['plague'], 'choice'],
    ['medicalHistory', 'conditions', [SCRIPT], 'choice'],
    ['medications', 'list', 'a'.repeat(2001), 'tooLong:2000'],
    ['medications', 'list', SCRIPT, 'markup'],
    ['medications', 'list', SQL, 'ok'],
    ['emergencyContact', 'phone', '555', 'phoneFormat'],
    ['emergencyContact', 'phone', SCRIPT, 'phoneFormat'],
    ['emergencyContact', 'phone', [], 'wrongType'],
    ['consent', 'treatment', 'yes', 'wrongType'],
    ['consent', 'signature', SCRIPT, 'markup'],
  ])('%s.%s = %j → %s', async (section, field, value, key) => {
    const i = await newIntake();
    await t.app.inject({ method: 'PATCH', url: '/api/intake', headers: i.headers, payload: { answers: { demographics: { city: 'Hartford' } } } });
    const res = await t.app.inject({ method: 'PATCH', url: '/api/intake', headers: i.headers, payload: { answers: { [section]: { [field]: value } } } });
    const after = (await t.app.inject({ url: '/api/intake', headers: i.headers })).json();
    if (key === 'ok') {
      expect(res.statusCode).toBe(200);
      return;
    }
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.fieldKeys).toEqual({ [`answers.${section}.${field}`]: key });
    expect(after.answers.demographics.city).toBe('Hartford');
  });

  it('bodies of the wrong shape are 400, never 500', async () => {
    const i = await newIntake();
    for (const payload of ['null', '[]', '"x"', '{"answers": 5}', '{"answers": {"consent": "yes"}}']) {
      const res = await t.app.inject({ method: 'PATCH', url: '/api/intake', headers: { ...i.headers, 'content-type': 'application/json' }, payload });
      expect(res.statusCode, payload).toBe(400);
    }
  });
});

describe('the staff side', () => {
  it('staff who work handoffs read the intake on the request, and as a FHIR QuestionnaireResponse', async () => {
    const i = await newIntake();
    const none = await t.app.inject({ url: `/api/appointment-requests/${i.requestId}/intake`, headers: { cookie: agentCookie } });
    expect(none.json().intake).toBeNull();
    await t.app.inject({ method: 'POST', url: '/api/intake/submit', headers: i.headers, payload: { answers: COMPLETE } });
    const res = await t.app.inject({ url: `/api/appointment-requests/${i.requestId}/intake`, headers: { cookie: agentCookie } });
    expect(res.statusCode).toBe(200);
    const intake = res.json().intake;
    expect(intake).toMatchObject({ status: 'submitted', signatureName: 'Ana García', answers: { medications: { list: 'Albuterol inhaler as needed' } } });
    expect(res.json().form.map((s: { id: string }) => s.id)).toEqual(['demographics', 'insurance', 'medicalHistory', 'medications', 'allergies', 'emergencyContact', 'consent']);
    expect((await auditRows(t.db, 'phi.view', intake.id)).length).toBeGreaterThan(0);

    const fhir = await t.app.inject({ url: intake.fhirUrl, headers: { cookie: agentCookie } });
    expect(fhir.statusCode).toBe(200);
    expect(fhir.headers['content-type']).toMatch(/^application\/fhir\+json/);
    const qr = fhir.json();
    expect(qr).toMatchObject({ resourceType: 'QuestionnaireResponse', id: intake.id, status: 'completed', questionnaire: 'urn:switchboard:questionnaire:patient-intake|1' });
    expect(qr.subject.display).toBe('Ana García');
    const group = (id: string) => qr.item.find((g: { linkId: string }) => g.linkId === id);
    expect(group('demographics').item).toContainEqual({ linkId: 'demographics.sex', text: 'Sex', answer: [{ valueCoding: { system: 'http://hl7.org/fhir/administrative-gender', code: 'female', display: 'Female' } }] });
    expect(group('medications').item).toContainEqual({ linkId: 'medications.takesMedications', text: 'Takes medications', answer: [{ valueBoolean: true }] });
    expect(group('consent').item).toContainEqual({ linkId: 'consent.treatment', text: 'I consent to examination and treatment', answer: [{ valueBoolean: true }] });
    expect(JSON.stringify(qr)).not.toMatch(/\[\]/);
  });

  it('another organization’s staff get 404; a made-up id 404', async () => {
    const i = await newIntake();
    await t.app.inject({ method: 'POST', url: '/api/intake/submit', headers: i.headers, payload: { answers: COMPLETE } });
    const mine = (await t.app.inject({ url: `/api/appointment-requests/${i.requestId}/intake`, headers: { cookie: agentCookie } })).json().intake;
    for (const url of [`/api/appointment-requests/${i.requestId}/intake`, `/api/intake/${mine.id}/fhir`]) {
      const res = await t.app.inject({ url, headers: { cookie: outsiderCookie } });
      expect(res.statusCode, url).toBe(404);
    }
    for (const url of ['/api/appointment-requests/not-a-uuid/intake', `/api/intake/${crypto.randomUUID()}/fhir`]) {
      expect((await t.app.inject({ url, headers: { cookie: agentCookie } })).statusCode, url).toBe(404);
    }
  });
});
