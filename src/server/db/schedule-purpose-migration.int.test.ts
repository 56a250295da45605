import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { organizationHours, scheduleShifts, schedules } from './schema/index.js';
import { createOrganization, createTestApp, type TestAppHandle } from '../test-support/index.js';

/**
 * Issue 19 §1: migration 0018 moves an on-call line entered as opening hours out of the office
 * hours. Its data statements run again here on a database in the "before" state (the schema
 * statements ran when the test database was migrated).
 */
let t: TestAppHandle;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const migration = readFileSync(fileURLToPath(new URL('./migrations/0018_schedule_purpose.sql', import.meta.url)), 'utf8');
const dataStatements = migration.split('--> statement-breakpoint').filter((s) => /^\s*(--[^\n]*\n\s*)*(UPDATE|WITH)/i.test(s));

it('an overnight nurse line entered as opening hours leaves the office hours and becomes after-hours coverage', async () => {
  expect(dataStatements).toHaveLength(2);
  const org = await createOrganization(t.ctx, { name: 'Harbor Pediatrics (old demo)', timeZone: 'America/Los_Angeles' });
  const office = [1, 2, 3, 4, 5].map((day) => ({ day, start: '08:00', end: '18:00' }));
  const overnight = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: '21:00', end: '07:00' }));
  await t.db.insert(organizationHours).values({ organizationId: org.id, weekly: [...office, ...overnight], overrides: [] });
  const [desk] = await t.db.insert(schedules).values({ organizationId: org.id, name: 'Front desk' }).returning();
  const [line] = await t.db.insert(schedules).values({ organizationId: org.id, name: 'After-hours nurse line' }).returning();
  await t.db.insert(scheduleShifts).values([
    { scheduleId: desk!.id, organizationId: org.id, assigneeType: 'phone', assigneePhone: '+15105550199', days: [1, 2, 3, 4, 5], startTime: '08:00', endTime: '18:00' },
    { scheduleId: line!.id, organizationId: org.id, assigneeType: 'phone', assigneePhone: '+15105550123', days: [1, 2, 3, 4, 5, 6, 7], startTime: '21:00', endTime: '07:00' },
  ]);
  expect(line!.purpose).toBe('office_hours');

  for (const statement of dataStatements) await t.db.execute(sql.raw(statement));

  const after = await t.db.select().from(schedules).where(eq(schedules.organizationId, org.id));
  expect(Object.fromEntries(after.map((s) => [s.name, s.purpose]))).toEqual({ 'Front desk': 'office_hours', 'After-hours nurse line': 'after_hours' });
  const [hours] = await t.db.select().from(organizationHours).where(eq(organizationHours.organizationId, org.id));
  expect(hours!.weekly).toEqual(office);
  expect(hours!.version).toBe(2);

  // Run again: nothing left to move, the version stays.
  for (const statement of dataStatements) await t.db.execute(sql.raw(statement));
  const [again] = await t.db.select().from(organizationHours).where(eq(organizationHours.organizationId, org.id));
  expect(again!.version).toBe(2);
});
