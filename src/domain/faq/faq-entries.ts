/**
 * The practice's FAQ as entries (issue 26 §6): a question and its answer, each optionally in
 * Spanish too. The limits are the contract's (contracts/organizations.ts) and the legacy reader
 * below keeps within them, so what it makes of an old text is always a valid list.
 */
export const FAQ_LIMITS = { entries: 100, question: 200, answer: 1000 } as const;

export interface FaqEntry {
  question: string;
  answer: string;
  questionEs?: string;
  answerEs?: string;
}

/**
 * The stored `agentSettings.faq`, as entries: a list as it was saved, or an older free text
 * ("Q: … A: …" pairs, or paragraphs) converted on every read until the organization is saved
 * again. Nothing in the text is dropped: a paragraph that is not a question becomes an entry
 * whose question is its first line, a question too long for the limit is kept whole at the
 * start of its answer, and an answer too long is continued in further entries. Only a text of
 * more than 100 entries loses the rest (the old matcher used a dozen at most).
 */
export function faqEntriesFromStored(stored: unknown): FaqEntry[] {
  if (typeof stored === 'string') return fromText(stored);
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((e: unknown) => {
    if (!e || typeof e !== 'object') return [];
    const { question, answer, questionEs, answerEs } = e as Record<string, unknown>;
    if (typeof question !== 'string' || typeof answer !== 'string') return [];
    return [{ question, answer, ...(typeof questionEs === 'string' && questionEs ? { questionEs } : {}), ...(typeof answerEs === 'string' && answerEs ? { answerEs } : {}) }];
  });
}

function fromText(text: string): FaqEntry[] {
  const t = text.replace(/\r\n?/g, '\n').trim();
  if (!t) return [];
  const pairs: Array<[string, string]> = [];
  // Text before the first "Q:" and each "Q: … A: …" block; a text without any is read as paragraphs.
  const blocks = t.split(/\n(?=\s*Q:)/i);
  for (const block of blocks) {
    const qa = /^\s*Q:\s*([\s\S]*?)\s*\bA:\s*([\s\S]*)$/i.exec(block);
    if (qa) pairs.push([oneLine(qa[1]!), qa[2]!.trim()]);
    else pairs.push(...paragraphs(block.replace(/^\s*Q:\s*/i, '')));
  }
  return pairs.flatMap(([q, a]) => fitted(q, a)).slice(0, FAQ_LIMITS.entries);
}

/** Paragraphs: a first line ending in "?" is the question of the lines after it; any other paragraph is kept with its first line as its question. */
function paragraphs(text: string): Array<[string, string]> {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => {
      const [first, ...rest] = p.split('\n');
      const body = oneLine(rest.join(' '));
      return first!.trim().endsWith('?') && body ? [oneLine(first!), body] : [oneLine(first!), oneLine(p)];
    });
}

/** One entry, or several when the text is longer than the limits allow. */
function fitted(question: string, answer: string): FaqEntry[] {
  let q = question || answer.split('\n')[0]!.trim();
  let a = answer || question;
  if (q.length > FAQ_LIMITS.question) {
    a = `${q} ${a}`;
    q = clip(q, FAQ_LIMITS.question);
  }
  const parts = chunks(oneLine(a), FAQ_LIMITS.answer);
  const more = `${clip(q, FAQ_LIMITS.question - ' (continued)'.length)} (continued)`;
  return parts.map((part, i) => ({ question: i === 0 ? q : more, answer: part }));
}

function oneLine(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

/** At most `max` characters, cut at a word and marked with an ellipsis. */
function clip(s: string, max: number): string {
  if (s.length <= max) return s;
  const cut = s.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** Pieces of at most `max` characters, cut after a sentence where one ends late enough, else at a word. */
function chunks(s: string, max: number): string[] {
  const out: string[] = [];
  let rest = s;
  while (rest.length > max) {
    const head = rest.slice(0, max);
    const sentence = Math.max(head.lastIndexOf('. '), head.lastIndexOf('? '), head.lastIndexOf('! '));
    const space = head.lastIndexOf(' ');
    const at = sentence > max / 2 ? sentence + 1 : space > max / 2 ? space : max;
    out.push(rest.slice(0, at).trim());
    rest = rest.slice(at).trim();
  }
  if (rest) out.push(rest);
  return out;
}
