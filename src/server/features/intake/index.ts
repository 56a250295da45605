/**
 * Intake forms: the link sent after a request and the patient's answers.
 *
 * The feature's public entry: other features, the agent, telephony and the app import only this
 * file (eslint.config.js); tests may reach inside.
 */
export { issueIntakeLink } from './intake-links.service.js';
export { intakeRoutes } from './intake.routes.js';
