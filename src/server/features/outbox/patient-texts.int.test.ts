import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsOptOuts } from '../../db/schema/index.js';
import { createTestApp, outboxFor, type TestAppHandle } from '../../test-support/index.js';
import { createPractice, submitWebRequest } from '../../test-support/patients.js';
import { CALLBACK_NOTICE_TEMPLATE } from '../handoff-records/callback-notice.js';
import { createHandoff } from '../handoff-records/create-handoff.service.js';

/**
 * Issue 30 §1: the messages patients get reach the text gateway when they gave a number that may
 * be a mobile and did not reply STOP — request confirmations (beside the e-mail), call-back
 * confirmations — and never a landline or toll-free number.
 */
let t: TestAppHandle;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('texts to patients', () => {
  it('a web request with an e-mail and a mobile number is confirmed by both', async () => {
    const practice = await createPractice(t.ctx);
    const r = await submitWebRequest(t.app, practice.slug, { phone: '(860) 555-0611' });
    expect(await outboxFor(t.db, r.email, 'appointment-request-received')).toHaveLength(1);
    const [text] = await outboxFor(t.db, '+18605550611', 'appointment-request-received');
    expect(text).toMatchObject({ channel: 'sms', status: 'queued', organizationId: practice.id });
    expect(text!.body).toContain(r.referenceCode);
    expect(text!.body).toMatch(/Reply STOP to opt out\.$/);
    expect(text!.body).not.toContain('Follow-up');
  });

  it('a toll-free number gets no text; a number that replied STOP gets one held back', async () => {
    const practice = await createPractice(t.ctx);
    await submitWebRequest(t.app, practice.slug, { phone: '(800) 555-0612' });
    expect(await outboxFor(t.db, '+18005550612')).toHaveLength(0);
    await t.db.insert(smsOptOuts).values({ organizationId: practice.id, phone: '+18605550613', keyword: 'STOP' });
    await submitWebRequest(t.app, practice.slug, { phone: '(860) 555-0613' });
    const [held] = await outboxFor(t.db, '+18605550613', 'appointment-request-received');
    expect(held!.status).toBe('suppressed');
  });

  it('a caller’s call-back request is confirmed by text, in their language, without what they said', async () => {
    const practice = await createPractice(t.ctx);
    const base = { organizationId: practice.id, type: 'callback' as const, priority: 'normal' as const, source: 'call' as const, reason: 'Call back: knee pain', textCaller: true };
    await createHandoff(t.ctx, t.db, { ...base, contactPhone: '+18605550614', details: { language: 'es', about: 'knee pain' } });
    const [text] = await outboxFor(t.db, '+18605550614', CALLBACK_NOTICE_TEMPLATE);
    expect(text!.body).toBe(`${practice.name}: recibimos su pedido de que le llamemos. Le llamaremos a este número lo antes posible. En una emergencia, llame al 911. Responda STOP para no recibir más mensajes.`);
    // A call cut off mid-task, a web call-back, a landline or a simulated call: no such text.
    await createHandoff(t.ctx, t.db, { ...base, textCaller: false, contactPhone: '+18605550618' });
    await createHandoff(t.ctx, t.db, { ...base, contactPhone: '+18605550615', details: { abandoned: { kind: 'callback' } } });
    await createHandoff(t.ctx, t.db, { ...base, source: 'web', contactPhone: '+18605550616' });
    await createHandoff(t.ctx, t.db, { ...base, contactPhone: '+18005550617' });
    for (const n of ['+18605550615', '+18605550616', '+18005550617', '+18605550618']) expect(await outboxFor(t.db, n)).toHaveLength(0);
  });
});
