import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestAppHandle } from '../test-support/index.js';
import { queryNamed } from './prepared.js';

let t: TestAppHandle;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('queryNamed', () => {
  it('runs inside a drizzle transaction and sees its writes', async () => {
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`create temporary table prepared_probe (n int) on commit drop`);
      await tx.execute(sql`insert into prepared_probe values (41)`);
      const rows = await queryNamed<{ n: number }>(tx, 'switchboard_test_probe', 'select n + $1::int as n from prepared_probe', [1]);
      expect(rows).toEqual([{ n: 42 }]);
    });
  });

  it('runs on the pool too', async () => {
    const rows = await queryNamed<{ v: string }>(t.ctx.pool, 'switchboard_test_echo', 'select $1::text as v', ['hello']);
    expect(rows).toEqual([{ v: 'hello' }]);
  });
});
