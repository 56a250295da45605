import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createStaffUser, createTestApp, login, outboxFor, signIn, tokenFromBody, uniqueEmail, type TestAppHandle } from '../../test-support/index.js';

/**
 * The one password policy, seen through each door that sets a password: change, reset link,
 * invitation, and an administrator's temporary password (new user and reset).
 */
let t: TestAppHandle;
let adminCookie: string;
let orgId: string;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await createStaffUser(t.ctx, { role: 'admin', name: 'Ada Admin' });
  adminCookie = await signIn(t.app, admin.email, admin.password);
  orgId = (await createOrganization(t.ctx)).id;
});
afterAll(() => t?.close());

const PASSPHRASE = 'maple river lantern 7';

/** A user with a real-looking name and email, whose own words the policy must refuse. */
async function janeDoe() {
  const email = `jane.doe.${Math.random().toString(36).slice(2, 7)}@clinic.test`;
  const u = await createStaffUser(t.ctx, { role: 'agent', name: 'Jane Kowalczyk', email });
  return { ...u, cookie: await signIn(t.app, u.email, u.password) };
}
const change = (cookie: string, currentPassword: string, newPassword: string) =>
  t.app.inject({ method: 'POST', url: '/api/password/change', headers: { cookie }, payload: { currentPassword, newPassword } });

describe('password policy on change password', () => {
  it.each([
    ['aaaaaaaa', /repeated characters/i],
    ['12345678abcdefgh', /easy to guess|sequences|common/i],
  ])('refuses %s as too easy to guess, with a readable message on the field', async (weak, message) => {
    const u = await janeDoe();
    const res = await change(u.cookie, u.password, weak);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_failed', fields: { newPassword: expect.stringMatching(message) } });
    // The old password still works: nothing was changed.
    expect((await login(t.app, u.email, u.password)).statusCode).toBe(200);
  });

  it('refuses the user\'s own email, and passwords containing it or its local part', async () => {
    const u = await janeDoe();
    const local = u.email.split('@')[0]!;
    for (const pw of [u.email, `My ${u.email} account`, `${local.toUpperCase()}!x`]) {
      const res = await change(u.cookie, u.password, pw);
      expect(res.statusCode, pw).toBe(400);
      expect(res.json().error.fields.newPassword, pw).toMatch(/email address/i);
    }
  });

  it('refuses passwords containing the user\'s name, however it is written', async () => {
    const u = await janeDoe();
    for (const pw of ['Jane Kowalczyk 2024!', 'janekowalczyk!!', 'JANE-KOWALCZYK-99']) {
      const res = await change(u.cookie, u.password, pw);
      expect(res.statusCode, pw).toBe(400);
      expect(res.json().error.fields.newPassword, pw).toMatch(/your name/i);
    }
  });

  it('scores the name\'s single words with zxcvbn: a surname and a year is too easy to guess', async () => {
    const u = await janeDoe();
    const res = await change(u.cookie, u.password, 'Kowalczyk2024');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.newPassword).toMatch(/own name or email/i);
  });

  it('accepts a passphrase of unrelated words, and the user signs in with it', async () => {
    const u = await janeDoe();
    const res = await change(u.cookie, u.password, PASSPHRASE);
    expect(res.statusCode).toBe(200);
    expect((await login(t.app, u.email, PASSPHRASE)).statusCode).toBe(200);
  });
});

describe('password policy on reset and invitation links', () => {
  it('a reset link refuses the email and a weak password, and takes a passphrase', async () => {
    const u = await janeDoe();
    await t.app.inject({ method: 'POST', url: '/api/password/forgot', payload: { email: u.email } });
    const [message] = await outboxFor(t.db, u.email, 'password-reset');
    const token = tokenFromBody(message!.body);
    const reset = (newPassword: string) => t.app.inject({ method: 'POST', url: '/api/password/reset', payload: { token, newPassword } });

    const own = await reset(`${u.email}1`);
    expect(own.statusCode).toBe(400);
    expect(own.json().error.fields.newPassword).toMatch(/email address/i);
    const weak = await reset('aaaaaaaa');
    expect(weak.statusCode).toBe(400);
    expect(await reset(PASSPHRASE).then((r) => r.statusCode)).toBe(200);
    expect((await login(t.app, u.email, PASSPHRASE)).statusCode).toBe(200);
  });

  it('an invitation refuses a password containing the name the invitee is choosing', async () => {
    const email = uniqueEmail('invitee');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie: adminCookie },
      payload: { email, name: 'Ivy Invitee', role: 'agent', organizationIds: [orgId], mode: 'invite' },
    });
    expect(created.statusCode).toBe(201);
    const [message] = await outboxFor(t.db, email, 'user-invitation');
    const token = tokenFromBody(message!.body);
    const accept = (name: string, password: string) => t.app.inject({ method: 'POST', url: '/api/invitations/accept', payload: { token, name, password } });

    const res = await accept('Bartholomew Quince', 'bartholomew quince 1');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.password).toMatch(/your name/i);
    const invitedName = await accept('Bartholomew Quince', 'ivyinvitee rules 44');
    expect(invitedName.statusCode).toBe(400);
    expect(invitedName.json().error.fields.password).toMatch(/your name/i);
    // Refusals leave the link usable.
    expect((await accept('Bartholomew Quince', PASSPHRASE)).statusCode).toBe(200);
  });
});

describe('password policy on temporary passwords an administrator sets', () => {
  it('refuses the new user\'s email or name as their temporary password', async () => {
    const email = `pat.nguyen.${Math.random().toString(36).slice(2, 7)}@clinic.test`;
    const create = (temporaryPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: { cookie: adminCookie },
        payload: { email, name: 'Pat Nguyen', role: 'agent', organizationIds: [orgId], mode: 'temporary_password', temporaryPassword },
      });
    for (const [pw, message] of [[email, /email address/i], ['PatNguyen#1', /your name/i], ['aaaaaaaa', /repeated/i]] as const) {
      const res = await create(pw);
      expect(res.statusCode, pw).toBe(400);
      expect(res.json().error.fields.temporaryPassword, pw).toMatch(message);
    }
    expect((await create(PASSPHRASE)).statusCode).toBe(201);
  });

  it('refuses the user\'s name when resetting to a temporary password', async () => {
    const u = await janeDoe();
    const reset = (temporaryPassword: string) =>
      t.app.inject({ method: 'POST', url: `/api/users/${u.id}/reset-password`, headers: { cookie: adminCookie }, payload: { mode: 'temporary_password', temporaryPassword } });
    const res = await reset('Jane Kowalczyk temp');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.temporaryPassword).toMatch(/your name/i);
    // The refused reset changed nothing: the old password still signs in.
    expect((await login(t.app, u.email, u.password)).statusCode).toBe(200);
    expect((await reset(PASSPHRASE)).statusCode).toBe(200);
  });
});
