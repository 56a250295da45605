/**
 * Prints the understanding's figures on the development part (cross-validated) and the blind
 * part. `--dev-mistakes` lists the development part's mistakes; the blind part's lines are never
 * printed (whoever tunes the understanding must not read them).
 *
 *   node --import tsx scripts/score-understanding.ts [--dev-mistakes] [--dev-only]
 */
import { readEmergencyLines, readEntityCorpus, readIntentCorpus, readOutboundLines, unseen } from '../src/server/agent/nlu/corpus/corpus-files.js';
import { crossValidate, describe, emptyFigures, scoreEmergencies, scoreEntities, scoreIntents, scoreOutbound } from '../src/server/agent/nlu/corpus/score.js';

const t0 = performance.now();
const batchOf = (file: string) => /batch(\d+)/.exec(file)?.[0] ?? 'batch1';
const dev = crossValidate(readIntentCorpus('dev'), readEmergencyLines('dev'), readOutboundLines('dev'), readEntityCorpus('dev'));
console.log(describe('development part (5-fold cross-validated)', dev));
if (process.argv.includes('--dev-mistakes')) console.log(dev.mistakes.join('\n'));
if (process.argv.includes('--dev-only')) process.exit(0);
const blind = emptyFigures();
scoreIntents(unseen(readIntentCorpus('blind')), undefined, blind);
scoreEmergencies(unseen(readEmergencyLines('blind')), undefined, blind);
scoreEntities(unseen(readEntityCorpus('blind')), blind);
scoreOutbound(unseen(readOutboundLines('blind')), undefined, blind);
console.log(describe('blind part (models trained on all of the development part)', blind));
// Each batch on its own: a later batch was written after the changes the earlier one measured.
const batches = [...new Set([...readIntentCorpus('blind'), ...readEmergencyLines('blind'), ...readEntityCorpus('blind'), ...readOutboundLines('blind')].map((l) => batchOf(l.file)))].sort();
if (batches.length > 1) {
  for (const batch of batches) {
    const f = emptyFigures();
    const inBatch = <T extends { file: string }>(lines: T[]) => lines.filter((l) => batchOf(l.file) === batch);
    scoreIntents(inBatch(unseen(readIntentCorpus('blind'))), undefined, f);
    scoreEmergencies(inBatch(unseen(readEmergencyLines('blind'))), undefined, f);
    scoreEntities(inBatch(unseen(readEntityCorpus('blind'))), f);
    scoreOutbound(inBatch(unseen(readOutboundLines('blind'))), undefined, f);
    console.log(describe(`  blind ${batch}`, f));
  }
}
console.log(`(${Math.round(performance.now() - t0)} ms)`);
