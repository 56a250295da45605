/**
 * Prints the understanding's figures on the development part (cross-validated) and the blind
 * part. `--dev-mistakes` lists the development part's mistakes; the blind part's lines are never
 * printed (whoever tunes the understanding must not read them).
 *
 *   node --import tsx scripts/score-understanding.ts [--dev-mistakes] [--dev-only]
 */
import { readEmergencyLines, readEntityCorpus, readIntentCorpus, unseen } from '../src/server/agent/nlu/corpus/corpus-files.js';
import { crossValidate, describe, emptyFigures, scoreEmergencies, scoreEntities, scoreIntents } from '../src/server/agent/nlu/corpus/score.js';

const t0 = performance.now();
const dev = crossValidate(readIntentCorpus('dev'), readEmergencyLines('dev'));
scoreEntities(readEntityCorpus('dev'), dev);
console.log(describe('development part (5-fold cross-validated)', dev));
if (process.argv.includes('--dev-mistakes')) console.log(dev.mistakes.join('\n'));
if (process.argv.includes('--dev-only')) process.exit(0);
const blind = emptyFigures();
scoreIntents(unseen(readIntentCorpus('blind')), undefined, blind);
scoreEmergencies(unseen(readEmergencyLines('blind')), undefined, blind);
scoreEntities(unseen(readEntityCorpus('blind')), blind);
console.log(describe('blind part (models trained on all of the development part)', blind));
console.log(`(${Math.round(performance.now() - t0)} ms)`);
