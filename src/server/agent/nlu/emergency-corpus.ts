import { readFileSync } from 'node:fs';
import { EMERGENCY_CATEGORIES, type EmergencyCategory } from './emergency.js';

/** One labelled line of corpus/dev/emergencies.txt. */
export interface CorpusLine {
  text: string;
  /** The category it is about; `emergency` false for a near miss of that category. */
  category: EmergencyCategory;
  emergency: boolean;
  language: 'en' | 'es';
  line: number;
}

/** The labelled emergency corpus (the specification of emergency recognition); language from its section heading. */
export function readEmergencyCorpus(): CorpusLine[] {
  const raw = readFileSync(new URL('./corpus/dev/emergencies.txt', import.meta.url), 'utf8');
  const out: CorpusLine[] = [];
  let language: 'en' | 'es' = 'en';
  raw.split('\n').forEach((row, i) => {
    const line = row.trim();
    if (line.startsWith('##')) {
      language = /spanish/i.test(line) ? 'es' : 'en';
      return;
    }
    if (!line || line.startsWith('#')) return;
    const m = /^(not )?([a-z_]+)\s*\|\s*(.+)$/.exec(line);
    if (!m || !EMERGENCY_CATEGORIES.includes(m[2] as EmergencyCategory)) throw new Error(`corpus/dev/emergencies.txt line ${i + 1} is not "<category> | words" or "not <category> | words": ${line}`);
    out.push({ text: m[3]!, category: m[2] as EmergencyCategory, emergency: !m[1], language, line: i + 1 });
  });
  return out;
}
