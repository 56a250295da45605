/**
 * The state each public page needs before it can be measured, made through the public API as a
 * patient would: a draft (step 1 done for /finish), a sent request (/success, /intake), and a
 * portal session. The intake link and the portal code are read from the outbox table, as the
 * patient's inbox would get them: the outbox API never shows them to staff.
 */
import pg from 'pg';

export interface PageCase {
  name: string;
  path: string;
  cookie?: string;
}

const cookieOf = (res: Response): string =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .join('; ');

async function call(base: string, method: string, url: string, body?: unknown, cookie?: string): Promise<Response> {
  const res = await fetch(base + url, {
    method,
    headers: { origin: base, ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res;
}

export async function preparePatientState(base: string, databaseUrl: string): Promise<PageCase[]> {
  const email = `bench-${Date.now().toString(36)}@example.test`;
  const dateOfBirth = '1982-02-14';
  const step1 = { firstName: 'Bench', lastName: 'Patient', dateOfBirth, phone: '(860) 555-0150', email, isNewPatient: false, reason: 'Follow-up', reasonOther: '' };
  const step2 = { preferredDays: ['mon'], timesOfDay: ['morning'], earliestDate: '', insuranceCarrier: 'Aetna', insuranceMemberId: 'B-1', notes: '', consentToContact: true };

  const draft = async () => cookieOf(await call(base, 'POST', '/api/public/appointment-requests/draft', { organization: 'maple-street' }));
  const fresh = await draft();
  const half = await draft();
  await call(base, 'PUT', '/api/public/appointment-requests/draft/step-1', step1, half);
  const sent = await draft();
  await call(base, 'PUT', '/api/public/appointment-requests/draft/step-1', step1, sent);
  await call(base, 'PUT', '/api/public/appointment-requests/draft/step-2', step2, sent);
  await call(base, 'POST', '/api/public/appointment-requests/draft/submit', {}, sent);

  const outbox = async (template: string) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ body: string }>('select body from outbox_messages where lower(recipient) = lower($1) and template = $2 order by created_at desc limit 1', [email, template]);
      return rows[0]?.body ?? '';
    } finally {
      await client.end();
    }
  };
  const intakePath = /\/intake\?token=[A-Za-z0-9_-]+/.exec(await outbox('appointment-request-received'))?.[0];
  if (!intakePath) throw new Error('no intake link in the confirmation');

  const challenge = (await (await call(base, 'POST', '/api/portal/sign-in', { organization: 'maple-street', contact: email, dateOfBirth })).json()) as { challengeId: string };
  const code = /\b(\d{6})\b/.exec(await outbox('portal-sign-in-code'))?.[1];
  if (!code) throw new Error('no portal code in the outbox');
  const patient = cookieOf(await call(base, 'POST', '/api/portal/verify', { challengeId: challenge.challengeId, code }));

  return [
    { name: 'request_appointment', path: '/request-appointment' },
    { name: 'request_appointment_practice', path: '/request-appointment?org=maple-street' },
    { name: 'request_start', path: '/request-appointment/start', cookie: fresh },
    { name: 'request_finish', path: '/request-appointment/finish', cookie: half },
    { name: 'request_success', path: '/request-appointment/success', cookie: sent },
    { name: 'portal_sign_in', path: '/portal' },
    { name: 'portal_requests', path: '/portal', cookie: patient },
    { name: 'intake', path: intakePath },
  ];
}
