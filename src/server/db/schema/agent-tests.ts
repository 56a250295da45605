import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { organizations } from './organizations.js';

/**
 * Agent tests (migration 0035, issue 32, decision 056): suites of simulated callers with
 * expectations, run through the real call pipeline in the practice's hidden sandbox organization.
 * `caller` and `expectations` hold the contract's shapes (contracts/agent-tests.ts).
 */
export const agentTestSuites = pgTable(
  'agent_test_suites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    required: boolean('required').notNull().default(false),
    version: integer('version').notNull().default(1),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('agent_test_suites_org_idx').on(t.organizationId, t.name)],
);

export const agentTestScenarios = pgTable(
  'agent_test_scenarios',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    suiteId: uuid('suite_id')
      .notNull()
      .references(() => agentTestSuites.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    caller: jsonb('caller').$type<Record<string, unknown>>().notNull(),
    expectations: jsonb('expectations').$type<Record<string, unknown>[]>().notNull(),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('agent_test_scenarios_suite_idx').on(t.suiteId, t.position)],
);

export const AGENT_TEST_RUN_STATUSES = ['queued', 'running', 'passed', 'failed', 'canceled', 'error'] as const;

export const agentTestRuns = pgTable(
  'agent_test_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    suiteId: uuid('suite_id')
      .notNull()
      .references(() => agentTestSuites.id, { onDelete: 'cascade' }),
    status: text('status', { enum: AGENT_TEST_RUN_STATUSES }).notNull().default('queued'),
    settings: text('settings', { enum: ['saved', 'draft'] }).notNull().default('saved'),
    draft: jsonb('draft').$type<Record<string, unknown>>(),
    total: integer('total').notNull().default(0),
    completed: integer('completed').notNull().default(0),
    passed: integer('passed').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    emergencyExpected: integer('emergency_expected').notNull().default(0),
    emergencyEscalated: integer('emergency_escalated').notNull().default(0),
    error: text('error'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByApiKey: boolean('created_by_api_key').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    cancelRequestedAt: timestamp('cancel_requested_at', { withTimezone: true }),
  },
  (t) => [index('agent_test_runs_suite_idx').on(t.suiteId, t.createdAt.desc()), index('agent_test_runs_org_idx').on(t.organizationId, t.createdAt.desc())],
);

export const agentTestResults = pgTable(
  'agent_test_results',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    runId: uuid('run_id')
      .notNull()
      .references(() => agentTestRuns.id, { onDelete: 'cascade' }),
    scenarioId: uuid('scenario_id').references(() => agentTestScenarios.id, { onDelete: 'set null' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    passed: boolean('passed').notNull(),
    reasons: jsonb('reasons').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    checks: jsonb('checks').$type<Record<string, unknown>[]>().notNull().default(sql`'[]'::jsonb`),
    transcript: jsonb('transcript').$type<Record<string, unknown>[]>().notNull().default(sql`'[]'::jsonb`),
    records: jsonb('records').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    turnLatenciesMs: jsonb('turn_latencies_ms').$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    emergencyExpected: boolean('emergency_expected').notNull().default(false),
    emergencyEscalated: boolean('emergency_escalated').notNull().default(false),
    callId: uuid('call_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('agent_test_results_run_position_idx').on(t.runId, t.position)],
);
