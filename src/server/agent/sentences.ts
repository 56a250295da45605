/**
 * Replies in sentences, so that a real-time voice line (ConversationRelay) starts speaking the
 * first while the rest is still being decided or streamed by the model. A sentence ends after
 * . ! ? followed by a space and more words; abbreviations like "Dr." stay with their sentence.
 * Only a whole sentence is ever handed on, so a model that breaks off mid-stream never leaves
 * the caller with half of one.
 */
const END = /[.!?](?=\s+\S)/g;
const ABBREVIATION = /\b(?:Dr|Mr|Mrs|Ms|St|Sr|Sra|Jr)\.$/;

/** The complete sentences at the start of `text`, and what follows them (maybe unfinished). */
export function splitSentences(text: string): { sentences: string[]; rest: string } {
  const sentences: string[] = [];
  let start = 0;
  const re = new RegExp(END.source, 'g');
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (ABBREVIATION.test(text.slice(Math.max(start, m.index - 3), m.index + 1))) continue;
    const s = text.slice(start, m.index + 1).trim();
    if (s) sentences.push(s);
    start = m.index + 1;
  }
  return { sentences, rest: text.slice(start) };
}

/** A finished text in sentences. */
export function sentencesOf(text: string): string[] {
  const { sentences, rest } = splitSentences(text);
  const last = rest.trim();
  return last ? [...sentences, last] : sentences;
}

/**
 * Text arriving in pieces (a model's streamed tokens): each sentence is handed to `emit` as soon
 * as the next one starts; `finish` hands on the last. What was emitted joined by spaces is
 * `sentencesOf` of the whole text, so a streamed reply and the same reply whole read the same.
 */
export class SentenceStream {
  private buffer = '';

  constructor(private readonly emit: (sentence: string) => void) {}

  push(delta: string): void {
    this.buffer += delta;
    const { sentences, rest } = splitSentences(this.buffer);
    if (sentences.length === 0) return;
    this.buffer = rest;
    for (const s of sentences) this.emit(s);
  }

  /** The stream ended normally: its last sentence is complete. */
  finish(): void {
    const last = this.buffer.trim();
    this.buffer = '';
    if (last) this.emit(last);
  }

  /** The stream broke off: the unfinished sentence is dropped, never spoken. */
  abandon(): void {
    this.buffer = '';
  }
}

/**
 * What of a finished reply was not handed on early. The sentences a brain streamed are the
 * reply's beginning (its text holds every sentence it handed on); should the text not start
 * with them (it never should), the whole reply is returned rather than lose words.
 */
const squeezed = (x: string) => x.replace(/\s+/g, ' ').trim();

export function unsaidRest(text: string, early: string[]): string {
  if (early.length === 0) return text;
  const whole = squeezed(text);
  const head = squeezed(early.join(' '));
  return whole.startsWith(head) ? whole.slice(head.length).trim() : whole;
}

/** Whether `text` begins with the sentences already said. */
export function continuesFrom(text: string, early: string[]): boolean {
  return squeezed(text).startsWith(squeezed(early.join(' ')));
}
