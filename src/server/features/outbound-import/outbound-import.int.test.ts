import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, createOrganization, createStaffUser, createTestApp, signIn, type TestAppHandle } from '../../test-support/index.js';
import type { OrganizationRow } from '../organizations/organizations.repository.js';

let t: TestAppHandle;
let org: OrganizationRow;
const cookies = {} as Record<'supervisor' | 'developer' | 'agent' | 'outsider', string>;

const post = (cookie: string, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
const get = (cookie: string, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

const settings = () => ({
  organizationId: org.id,
  name: 'Flu shot reminders',
  purpose: 'appointment_reminder',
  instructions: 'Remind them of their flu shot.',
  voicemailMessage: 'Please call the clinic back.',
  window: { start: '09:00', end: '17:00', days: [1, 2, 3, 4, 5] },
  maxAttempts: 3,
  retryIntervalMinutes: 60,
  concurrency: 2,
});

const CSV = [
  'First Name;Last Name;Mobile;Time zone;Appointment',
  'Ada;Lovelace;(860) 555-0100;America/New_York;Mon 9:00',
  'Bob;Builder;12345;;Tue 10:00',
  'Cy;Young;860 555 0102;;Wed',
  'Di;Prince;860-555-0100;;Thu',
  '=HYPERLINK("http://x.example");Evil;8605550104;;Fri',
  ';;8605550105;;Sat',
  'Ed;Listed;8605550199;;Sun',
].join('\r\n');

const jobsOf = async (campaignId: string) =>
  (await t.db.execute(sql`select contact_name, phone, time_zone, row_number, fields, status from outbound_jobs where campaign_id = ${campaignId} order by row_number`)).rows;

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrganization(t.ctx, { name: 'Import Clinic' });
  for (const role of ['supervisor', 'developer', 'agent'] as const) {
    const u = await createStaffUser(t.ctx, { role, organizationIds: [org.id] });
    cookies[role] = await signIn(t.app, u.email, u.password);
  }
  const outsider = await createStaffUser(t.ctx, { role: 'supervisor', organizationIds: [(await createOrganization(t.ctx)).id] });
  cookies.outsider = await signIn(t.app, outsider.email, outsider.password);
  await post(cookies.supervisor, `/api/organizations/${org.id}/do-not-call`, { phone: '8605550199', reason: 'Asked' });
});
afterAll(() => t?.close());

describe('preview', () => {
  it('reads the file with the suggested mapping and says, per row, what would be refused and why; saves nothing', async () => {
    const res = await post(cookies.supervisor, '/api/outbound/imports/preview', { organizationId: org.id, csv: '\uFEFF' + CSV });
    expect(res.statusCode).toBe(200);
    const p = res.json();
    expect(p.headers).toEqual(['First Name', 'Last Name', 'Mobile', 'Time zone', 'Appointment']);
    expect(p.delimiter).toBe(';');
    expect(p.mapping).toEqual({ firstName: 'First Name', lastName: 'Last Name', phone: 'Mobile', timeZone: 'Time zone' });
    expect(p.mappingProblems).toEqual({});
    expect(p.counts).toEqual({ rows: 7, valid: 2, rejected: 5 });
    expect(p.problemCounts).toEqual({ bad_number: 1, duplicate: 1, formula: 1, missing_name: 1, do_not_call: 1 });
    expect(p.sample[0]).toMatchObject({ row: 2, problems: [], contact: { name: 'Ada Lovelace', phone: '+18605550100', timeZone: 'America/New_York' } });
    expect(p.rejectedRows.map((r: { row: number; problems: { code: string }[] }) => [r.row, r.problems.map((x) => x.code)])).toEqual([
      [3, ['bad_number']],
      [5, ['duplicate']],
      [6, ['formula']],
      [7, ['missing_name']],
      [8, ['do_not_call']],
    ]);
    expect((await t.db.execute(sql`select count(*)::int as n from outbound_campaigns where organization_id = ${org.id}`)).rows[0]).toEqual({ n: 0 });
  });

  it('with a mapping that lacks the phone column, says so and judges nothing', async () => {
    const p = (await post(cookies.supervisor, '/api/outbound/imports/preview', { organizationId: org.id, csv: CSV, mapping: { firstName: 'First Name', phone: null } })).json();
    expect(p.mappingProblems).toEqual({ phone: 'Choose the column that holds the phone number.' });
    expect(p.counts).toEqual({ rows: 7, valid: 0, rejected: 0 });
  });

  it('refuses unreadable files on the csv field with a message', async () => {
    for (const [csv, message] of [
      [' \n', 'The file is empty.'],
      ['name,phone\n', 'The file has a header row but no contacts below it.'],
      ['name,phone\n"Ada,860\n', 'The file is not valid CSV'],
      ['PK\u0003\u0004\u0014\u0001\u0006binary', 'This is not a CSV text file'],
    ] as const) {
      const res = await post(cookies.supervisor, '/api/outbound/imports/preview', { organizationId: org.id, csv });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields.csv).toContain(message);
    }
  });

  it('refuses bad shapes per field, and a foreign organization is not found', async () => {
    const res = await post(cookies.supervisor, '/api/outbound/imports/preview', { organizationId: 'x', csv: 5, mapping: { phone: 3, shoeSize: 'b' } });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields).sort()).toEqual(['csv', 'mapping.phone', 'mapping.shoeSize', 'organizationId']);
    expect((await post(cookies.outsider, '/api/outbound/imports/preview', { organizationId: org.id, csv: CSV })).statusCode).toBe(404);
    expect((await post(cookies.agent, '/api/outbound/imports/preview', { organizationId: org.id, csv: CSV })).statusCode).toBe(403);
  });
});

describe('preview of the file itself (text/csv)', () => {
  const postCsv = (cookie: string, body: string | Buffer, query: Record<string, string> = { organizationId: org.id }, contentType = 'text/csv; charset=utf-8') =>
    t.app.inject({ method: 'POST', url: '/api/outbound/imports/preview', headers: { cookie, 'content-type': contentType }, query, payload: body });

  it('answers what the JSON body answers: the same counts, mapping and per-row reasons (a byte-order mark and semicolons read)', async () => {
    const asJson = (await post(cookies.supervisor, '/api/outbound/imports/preview', { organizationId: org.id, csv: CSV })).json();
    const res = await postCsv(cookies.supervisor, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(CSV, 'utf8')]));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(asJson);
    expect(res.json().rejectedRows.length).toBeGreaterThan(0);
  });

  it('refuses a file in another encoding, an empty one, a missing or foreign organization and a JSON-only route the same way', async () => {
    const latin1 = Buffer.from('name,phone\nZo\xeb,8605550100\n', 'latin1');
    const bad = await postCsv(cookies.supervisor, latin1);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.csv).toMatch(/not in UTF-8/);
    const empty = await postCsv(cookies.supervisor, '');
    expect(empty.statusCode).toBe(400);
    const noOrg = await postCsv(cookies.supervisor, CSV, {});
    expect(noOrg.statusCode).toBe(400);
    expect(noOrg.json().error.fields).toHaveProperty('organizationId');
    const badOrg = await postCsv(cookies.supervisor, CSV, { organizationId: 'x' });
    expect(badOrg.statusCode).toBe(400);
    expect((await postCsv(cookies.outsider, CSV)).statusCode).toBe(404);
    expect((await postCsv(cookies.agent, CSV)).statusCode).toBe(403);
    // Creating a campaign still takes JSON only (its settings travel with the file).
    const create = await t.app.inject({ method: 'POST', url: '/api/outbound/imports', headers: { cookie: cookies.supervisor, 'content-type': 'text/csv' }, payload: CSV });
    expect(create.statusCode).toBe(415);
  });

  it('a file over the request limit is refused as too large, and nothing is read', async () => {
    const huge = Buffer.alloc(16 * 1024 * 1024, 'a');
    const res = await postCsv(cookies.supervisor, huge);
    expect(res.statusCode).toBe(413);
  });
});

describe('creating the campaign', () => {
  it('creates the campaign with its valid contacts as calls, keeps the refused rows for download with a reason, audited', async () => {
    const res = await post(cookies.supervisor, '/api/outbound/imports', { ...settings(), csv: CSV, mapping: { firstName: 'First Name', lastName: 'Last Name', phone: 'Mobile', timeZone: 'Time zone' }, fileName: 'flu shots.csv' });
    expect(res.statusCode).toBe(201);
    const { campaign, import: imported } = res.json();
    expect(campaign).toMatchObject({ organizationId: org.id, name: 'Flu shot reminders', status: 'running' });
    expect(imported).toMatchObject({ campaignId: campaign.id, fileName: 'flu shots.csv', rows: 7, imported: 2, rejected: 5 });
    expect(await jobsOf(campaign.id)).toEqual([
      { contact_name: 'Ada Lovelace', phone: '+18605550100', time_zone: 'America/New_York', row_number: 2, fields: { Appointment: 'Mon 9:00' }, status: expect.any(String) },
      { contact_name: 'Cy Young', phone: '+18605550102', time_zone: null, row_number: 4, fields: { Appointment: 'Wed' }, status: expect.any(String) },
    ]);
    const [audit] = await auditRows(t.db, 'outbound.campaign.import', campaign.id);
    expect(audit!.details).toEqual({ rows: 7, imported: 2, rejected: 5 });

    // Developers do not read campaign contacts (patients' names and numbers, PRODUCT §2).
    expect((await get(cookies.developer, `/api/outbound/campaigns/${campaign.id}/import`)).statusCode).toBe(403);
    expect((await get(cookies.developer, `/api/outbound/campaigns/${campaign.id}/rejected.csv`)).statusCode).toBe(403);
    const summary = await get(cookies.supervisor, `/api/outbound/campaigns/${campaign.id}/import`);
    expect(summary.json()).toEqual(imported);

    const download = await get(cookies.supervisor, `/api/outbound/campaigns/${campaign.id}/rejected.csv`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(download.headers['content-disposition']).toBe('attachment; filename="flu-shots-rejected.csv"');
    const lines = download.body.split('\r\n');
    expect(lines[0]).toBe('row,First Name,Last Name,Mobile,Time zone,Appointment,reason');
    expect(lines[1]).toBe('3,Bob,Builder,12345,,Tue 10:00,"""12345"" is not a valid phone number for US. A number abroad needs its country code (+44 …)."');
    // The formula cell goes back neutralised.
    expect(lines[3]).toMatch(/^6,"'=HYPERLINK\(""http:\/\/x\.example""\)",Evil,8605550104,,Fri,/);
    expect(lines).toHaveLength(7);

    expect((await get(cookies.outsider, `/api/outbound/campaigns/${campaign.id}/rejected.csv`)).statusCode).toBe(404);
    expect((await get(cookies.outsider, `/api/outbound/campaigns/${campaign.id}/import`)).statusCode).toBe(404);
    expect((await get(cookies.agent, `/api/outbound/campaigns/${campaign.id}/rejected.csv`)).statusCode).toBe(403);
  });

  it('refuses a file with nothing to import, or a bad mapping, per field; nothing is created', async () => {
    const before = (await t.db.execute(sql`select count(*)::int as n from outbound_campaigns`)).rows[0];
    const none = await post(cookies.supervisor, '/api/outbound/imports', { ...settings(), csv: 'name,phone\nAda,12\n', mapping: { name: 'name', phone: 'phone' } });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.fields).toEqual({ csv: 'No row of the file can be imported; fix the refused rows first.' });
    const badMapping = await post(cookies.supervisor, '/api/outbound/imports', { ...settings(), csv: CSV, mapping: { name: 'Nope', phone: 'Mobile' } });
    expect(badMapping.json().error.fields).toEqual({ 'mapping.name': 'The file has no column "Nope".' });
    const badSettings = await post(cookies.supervisor, '/api/outbound/imports', { ...settings(), maxAttempts: 0, window: { start: '18:00', end: '09:00', days: [] }, csv: CSV, mapping: {} });
    expect(Object.keys(badSettings.json().error.fields).sort()).toEqual(['maxAttempts', 'window.days', 'window.end']);
    expect((await t.db.execute(sql`select count(*)::int as n from outbound_campaigns`)).rows[0]).toEqual(before);
  });

  it('leaves nothing half-way when the transaction fails after the contacts were added', async () => {
    await t.db.execute(sql`create function fail_import() returns trigger language plpgsql as $$ begin raise exception 'disk full'; end $$`);
    await t.db.execute(sql`create trigger fail_import before insert on outbound_campaign_imports for each row execute function fail_import()`);
    try {
      const res = await post(cookies.supervisor, '/api/outbound/imports', { ...settings(), name: 'Doomed', csv: CSV, mapping: { firstName: 'First Name', lastName: 'Last Name', phone: 'Mobile' } });
      expect(res.statusCode).toBe(500);
      expect((await t.db.execute(sql`select count(*)::int as n from outbound_campaigns where name = 'Doomed'`)).rows[0]).toEqual({ n: 0 });
      expect((await t.db.execute(sql`select count(*)::int as n from outbound_jobs j where not exists (select 1 from outbound_campaigns c where c.id = j.campaign_id) and j.campaign_id is not null`)).rows[0]).toEqual({ n: 0 });
    } finally {
      await t.db.execute(sql`drop trigger fail_import on outbound_campaign_imports`);
    }
  });

  it('imports 10,000 rows through the route', async () => {
    const lines = ['name,phone,note'];
    for (let i = 0; i < 10_000; i++) lines.push(`Pat ${i},+1 860 55${String(i).padStart(5, '0')},n${i}`);
    const res = await post(cookies.supervisor, '/api/outbound/imports', { ...settings(), name: 'Big', csv: lines.join('\n'), mapping: { name: 'name', phone: 'phone' } });
    expect(res.statusCode).toBe(201);
    expect(res.json().import).toMatchObject({ rows: 10_000 });
    const n = res.json().import.imported as number;
    expect((await t.db.execute(sql`select count(*)::int as n from outbound_jobs where campaign_id = ${res.json().campaign.id}`)).rows[0]).toEqual({ n });
  });
});
