import pg from 'pg';
import { E2E_PG_PORT } from './env';

/**
 * What Switchboard handed to the mail server or text gateway, read from the run's embedded
 * database: the outbox API never answers one-time codes or link tokens (they are masked for
 * every role), so a journey that plays the patient or the invited user reads its inbox here.
 */
export async function sentMessages(recipient: string, template: string): Promise<Array<{ subject: string | null; body: string }>> {
  const client = new pg.Client({ connectionString: `postgres://postgres:switchboard-local@127.0.0.1:${E2E_PG_PORT}/postgres` });
  await client.connect();
  try {
    const { rows } = await client.query<{ subject: string | null; body: string }>(
      'select subject, body from outbox_messages where lower(recipient) = lower($1) and template = $2 order by created_at desc, id desc',
      [recipient, template],
    );
    return rows;
  } finally {
    await client.end();
  }
}
