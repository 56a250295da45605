import { z } from 'zod';
import { CALL_OUTCOMES, MAX_UTTERANCE } from '../domain/calls/vocabulary.js';
import { HANDOFF_TYPES } from '../domain/handoffs/state.js';
import { AgentSettings } from './organizations.js';

/**
 * Agent tests (issue 32, decision 056): suites of simulated callers, each with expectations on
 * what the call leaves behind, run through the real call pipeline in the practice's hidden
 * sandbox. Staff routes under /api/organizations/:id/agent-tests and /api/agent-tests/…, the
 * public API under /api/v1/agent-tests.
 */

const NoMarkup = (v: string) => !/[<>]/.test(v);
const Text = (max: number, required: string | null) => {
  const s = z.string({ error: required ?? 'Enter text.' }).trim().max(max, { error: `Use at most ${max} characters.` });
  return (required ? s.min(1, { error: required }) : s).refine(NoMarkup, { error: 'Remove < and > from this text.' });
};
const Said = (required: string | null) => Text(500, required);
const Version = z.number({ error: 'Send the version you started from.' }).int().min(0);

export const AGENT_TEST_LANGUAGES = ['en', 'es'] as const;
export const CallerLanguage = z.enum(AGENT_TEST_LANGUAGES, { error: 'Choose English or Spanish.' });

/**
 * How the simulated caller answers what the agent asks: by what is asked (a name, a date of
 * birth, the reason, new or returning, preferred times, a message, a phone number, a reference
 * code); a yes-or-no question gets `yesNo`; anything else gets the next of `followUps`, and when
 * those are used up the caller hangs up.
 */
export const CallerAnswers = z.object({
  name: Text(120, null).optional(),
  dateOfBirth: Text(60, null).optional(),
  reason: Text(200, null).optional(),
  patientType: z.enum(['new', 'returning'], { error: 'Choose new or returning.' }).optional(),
  preferences: Text(200, null).optional(),
  message: Text(500, null).optional(),
  phone: Text(40, null).optional(),
  referenceCode: Text(20, null).optional(),
});
export type CallerAnswers = z.infer<typeof CallerAnswers>;

export const TestTransferResult = z.enum(['completed', 'no-answer', 'busy', 'failed'], { error: 'Choose completed, no-answer, busy or failed.' });

export const ScenarioCaller = z.object({
  language: CallerLanguage.default('en'),
  /** What the caller says first, after the greeting. */
  firstUtterance: Said('Enter what the caller says first.'),
  answers: CallerAnswers.default({}),
  yesNo: z.enum(['yes', 'no'], { error: 'Choose yes or no.' }).default('yes'),
  followUps: z.array(Said('Enter what the caller says, or remove the line.')).max(10, { error: 'Use at most 10 follow-ups.' }).default([]),
  /** The caller's turns (1 = the first answer after the first utterance) at which they stay silent. */
  silences: z.array(z.number({ error: 'Enter a turn number.' }).int().min(1, { error: 'Turns count from 1.' }).max(30, { error: 'Use a turn up to 30.' })).max(5, { error: 'Use at most 5 silences.' }).default([]),
  /**
   * When the call happens: `any` — now, by the practice's hours; `open` / `closed` — the sandbox's
   * office is made open (or closed) around the clock for this call, so transfers while open or
   * closed are tested whatever the time of the run.
   */
  callsWhen: z.enum(['any', 'open', 'closed'], { error: 'Choose any time, while open or while closed.' }).default('any'),
  /** A transfer in the simulator rings nobody: how it ends. */
  transferResult: TestTransferResult.default('completed'),
  /** The caller hangs up after this many turns at most. */
  maxTurns: z.number({ error: 'Enter a number of turns.' }).int().min(1, { error: 'At least 1 turn.' }).max(30, { error: 'At most 30 turns.' }).default(14),
});
export type ScenarioCaller = z.infer<typeof ScenarioCaller>;
export type ScenarioCallerInput = z.input<typeof ScenarioCaller>;

export const EXPECTATION_KINDS = ['appointment_request', 'handoff', 'urgent_handoff', 'no_request', 'agent_said', 'transferred', 'outcome'] as const;
export type ExpectationKind = (typeof EXPECTATION_KINDS)[number];

export const RequestFieldsExpected = z.object({
  firstName: Text(120, null).optional(),
  lastName: Text(120, null).optional(),
  dateOfBirth: z.iso.date({ error: 'Enter a date as YYYY-MM-DD.' }).optional(),
  /** The request's reason contains this (any case). */
  reason: Text(200, null).optional(),
  isNewPatient: z.boolean({ error: 'Choose yes or no.' }).optional(),
});

/** What the call must leave behind, in the terms staff see. */
export const Expectation = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('appointment_request'), fields: RequestFieldsExpected.default({}) }),
    z.object({ kind: z.literal('handoff'), type: z.enum(HANDOFF_TYPES, { error: 'Choose a handoff type.' }), mentions: Text(200, null).optional() }),
    z.object({ kind: z.literal('urgent_handoff') }),
    z.object({ kind: z.literal('no_request') }),
    z.object({ kind: z.literal('agent_said'), text: Text(200, 'Enter the words the agent must say.') }),
    z.object({ kind: z.literal('transferred'), value: z.boolean({ error: 'Choose yes or no.' }).default(true) }),
    z.object({ kind: z.literal('outcome'), outcome: z.enum(CALL_OUTCOMES, { error: 'Choose an outcome.' }) }),
  ],
  { error: 'Choose what to expect.' },
);
export type Expectation = z.infer<typeof Expectation>;

export const ScenarioBody = z.object({
  name: Text(120, 'Enter a name, e.g. Books a follow-up.'),
  caller: ScenarioCaller,
  expectations: z.array(Expectation).min(1, { error: 'Add at least one expectation.' }).max(10, { error: 'Use at most 10 expectations.' }),
});
export type ScenarioBody = z.input<typeof ScenarioBody>;
export type ScenarioData = z.infer<typeof ScenarioBody>;
export const UpdateScenarioBody = ScenarioBody.extend({ version: Version });

export const ScenarioView = z
  .object({
    id: z.string(),
    suiteId: z.string(),
    position: z.number(),
    name: z.string(),
    caller: ScenarioCaller,
    expectations: z.array(Expectation),
    version: z.number(),
    updatedAt: z.string(),
  })
  .meta({ id: 'AgentTestScenario' });
export type ScenarioView = z.infer<typeof ScenarioView>;

export const SuiteBody = z.object({
  name: Text(120, 'Enter a name, e.g. Front desk basics.'),
  description: Text(1000, null).default(''),
  required: z.boolean({ error: 'Choose yes or no.' }).default(false),
});
export type SuiteBody = z.input<typeof SuiteBody>;
export const UpdateSuiteBody = z.object({
  version: Version,
  name: Text(120, 'Enter a name, e.g. Front desk basics.').optional(),
  description: Text(1000, null).optional(),
  required: z.boolean({ error: 'Choose yes or no.' }).optional(),
});

export const AGENT_TEST_RUN_STATUSES = ['queued', 'running', 'passed', 'failed', 'canceled', 'error'] as const;
export const RunStatus = z.enum(AGENT_TEST_RUN_STATUSES);
export type RunStatus = z.infer<typeof RunStatus>;

export const RunSummaryView = z
  .object({
    id: z.string(),
    suiteId: z.string(),
    organizationId: z.string(),
    status: RunStatus,
    settings: z.enum(['saved', 'draft']),
    total: z.number(),
    completed: z.number(),
    passed: z.number(),
    failed: z.number(),
    emergency: z.object({ expected: z.number(), escalated: z.number() }),
    error: z.string().nullable(),
    createdAt: z.string(),
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
    cancelRequested: z.boolean(),
  })
  .meta({ id: 'AgentTestRunSummary' });
export type RunSummaryView = z.infer<typeof RunSummaryView>;

export const SuiteView = z
  .object({
    id: z.string(),
    organizationId: z.string(),
    name: z.string(),
    description: z.string(),
    required: z.boolean(),
    version: z.number(),
    scenarioCount: z.number(),
    lastRun: RunSummaryView.nullable(),
    updatedAt: z.string(),
  })
  .meta({ id: 'AgentTestSuite' });
export type SuiteView = z.infer<typeof SuiteView>;
export const SuiteListResponse = z.object({ items: z.array(SuiteView) });
export const SuiteDetailView = SuiteView.extend({ scenarios: z.array(ScenarioView) }).meta({ id: 'AgentTestSuiteDetail' });
export type SuiteDetailView = z.infer<typeof SuiteDetailView>;

/** A suite as a file: what export gives and import takes (`format` names the shape). */
export const SuiteFile = z
  .object({
    format: z.literal('switchboard.agent-tests.v1', { error: 'This is not an agent-test suite file (format switchboard.agent-tests.v1).' }),
    name: Text(120, 'Enter a name, e.g. Front desk basics.'),
    description: Text(1000, null).default(''),
    required: z.boolean({ error: 'Choose yes or no.' }).default(false),
    scenarios: z.array(ScenarioBody).max(200, { error: 'A suite holds at most 200 scenarios.' }),
  })
  .meta({ id: 'AgentTestSuiteFile' });
export type SuiteFile = z.input<typeof SuiteFile>;

export const TranscriptLine = z.object({ speaker: z.enum(['agent', 'caller']), text: z.string(), latencyMs: z.number().nullable() });
export type TranscriptLine = z.infer<typeof TranscriptLine>;

export const CheckView = z.object({ expectation: Expectation, passed: z.boolean(), detail: z.string() });
export type CheckView = z.infer<typeof CheckView>;

export const ResultRecords = z.object({
  call: z.object({ status: z.string(), outcome: z.string().nullable(), summary: z.string().nullable() }).nullable(),
  requests: z.array(
    z.object({ referenceCode: z.string().nullable(), status: z.string(), firstName: z.string().nullable(), lastName: z.string().nullable(), dateOfBirth: z.string().nullable(), reason: z.string().nullable(), isNewPatient: z.boolean().nullable() }),
  ),
  handoffs: z.array(z.object({ type: z.string(), priority: z.string(), reason: z.string() })),
  transfers: z.array(z.object({ target: z.string(), result: z.string().nullable() })),
});
export type ResultRecords = z.infer<typeof ResultRecords>;

export const ResultView = z
  .object({
    id: z.string(),
    scenarioId: z.string().nullable(),
    position: z.number(),
    name: z.string(),
    passed: z.boolean(),
    reasons: z.array(z.string()),
    checks: z.array(CheckView),
    transcript: z.array(TranscriptLine),
    records: ResultRecords,
    turnLatenciesMs: z.array(z.number()),
    emergencyExpected: z.boolean(),
    emergencyEscalated: z.boolean(),
  })
  .meta({ id: 'AgentTestResult' });
export type ResultView = z.infer<typeof ResultView>;

/** A run set against the suite's last finished run on the saved settings before it (what a draft changes). */
export const RunComparison = z.object({
  runId: z.string(),
  createdAt: z.string(),
  newlyFailing: z.array(z.string()).describe('Scenarios that passed on the saved settings and fail here.'),
  newlyPassing: z.array(z.string()).describe('Scenarios that failed on the saved settings and pass here.'),
});
export const RunDetailView = RunSummaryView.extend({ suiteName: z.string(), comparedWith: RunComparison.nullable(), results: z.array(ResultView) }).meta({ id: 'AgentTestRun' });
export type RunDetailView = z.infer<typeof RunDetailView>;
export const RunListResponse = z.object({ items: z.array(RunSummaryView) });

/** Start a run: on the saved settings, or on a draft of agent settings not yet saved (merged over the saved ones). */
export const StartRunBody = z.object({
  draft: z
    .object({ agentSettings: z.record(z.string(), z.unknown()).refine((v) => JSON.stringify(v).length <= 60_000, { error: 'The draft is too large.' }) })
    .optional(),
});
export type StartRunBody = z.input<typeof StartRunBody>;
/** What a draft is checked against once merged over the saved settings. */
export const DraftAgentSettings = AgentSettings;

export const OrganizationParams = z.object({ id: z.string().max(100) });
export const SuiteParams = z.object({ suiteId: z.string().max(100) });
export const ScenarioParams = z.object({ scenarioId: z.string().max(100) });
export const RunParams = z.object({ runId: z.string().max(100) });

export const MAX_SCENARIO_UTTERANCE = Math.min(500, MAX_UTTERANCE);
