import { words } from '../../nlu/text.js';

/**
 * Answers from the practice's FAQ text: "Q: … A: …" pairs, or paragraphs whose first line is a
 * question. A question matches when it shares enough meaningful words with what was asked.
 */
const STOP = new Set(
  'a an the is are do does you your we our i my me to of for in on at and or can could would will be it this that what when where how who why there any with about have has if please'.split(' '),
);

interface Entry {
  question: string[];
  answer: string;
}

function parse(faq: string): Entry[] {
  const entries: Entry[] = [];
  const qa = [...faq.matchAll(/Q:\s*(.+?)\s*A:\s*([\s\S]+?)(?=\n\s*Q:|$)/gi)];
  if (qa.length) return qa.map((m) => ({ question: content(m[1]!), answer: m[2]!.trim() }));
  for (const block of faq.split(/\n\s*\n/)) {
    const [first, ...rest] = block.trim().split('\n');
    if (first && first.trim().endsWith('?') && rest.length) entries.push({ question: content(first), answer: rest.join(' ').trim() });
  }
  return entries;
}

function content(text: string): string[] {
  return words(text)
    .filter((w) => !STOP.has(w) && w.length > 2)
    .map((w) => w.replace(/s$/, ''));
}

export function answerFromFaq(faq: string, asked: string): string | null {
  if (!faq.trim()) return null;
  const said = new Set(content(asked));
  let best: { score: number; answer: string } | null = null;
  for (const e of parse(faq)) {
    const overlap = e.question.filter((w) => said.has(w)).length;
    const score = overlap / Math.max(1, e.question.length);
    if (overlap >= 2 || (overlap >= 1 && score >= 0.5)) {
      if (!best || score > best.score) best = { score, answer: e.answer };
    }
  }
  return best?.answer.slice(0, 600) ?? null;
}
