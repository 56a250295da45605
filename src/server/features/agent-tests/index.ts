/**
 * Agent tests (issue 32, decision 056): suites of simulated callers with expectations, runs and
 * their results. The runs are played by telephony (telephony/agent-tests/), which drives the
 * real call pipeline in the practice's hidden sandbox.
 *
 * The feature's public entry: other features, the agent, telephony and the app import only this
 * file (eslint.config.js); tests may reach inside.
 */
export { agentTestsRoutes, agentTestsV1Routes } from './agent-tests.routes.js';
export { RUN_AGENT_TESTS_TASK, runQueueOf } from './agent-tests.service.js';
export { scenarioData } from './agent-tests.presenter.js';
export { donePositions, finishRun, findRun, listScenarios, recordResult, startRun as markRunStarted, type ResultInsert, type RunRow, type ScenarioRow } from './agent-tests.repository.js';
