/**
 * Trains the caller understanding's models from the development corpus and keeps them under
 * node_modules/.cache (decision 037), so that neither the first caller nor the first test waits
 * for it. Run by `npm ci` (postinstall); the server trains them itself when the corpus changed since.
 *
 *   node --import tsx scripts/train-understanding.ts
 */
import { understandingModels } from '../src/server/agent/nlu/models.js';

const started = performance.now();
const models = understandingModels();
console.log(`Caller understanding ready in ${Math.round(performance.now() - started)} ms (${models.intent.labels.length} intents, ${models.intent.vocabulary.size} features).`);
