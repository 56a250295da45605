import { describe, expect, it } from 'vitest';
import { SentenceStream, sentencesOf, splitSentences, unsaidRest } from './sentences.js';

function streamed(pieces: string[]): { emitted: string[]; before: number[] } {
  const emitted: string[] = [];
  const before: number[] = [];
  const s = new SentenceStream((x) => emitted.push(x));
  pieces.forEach((p, i) => {
    s.push(p);
    before[i] = emitted.length;
  });
  s.finish();
  return { emitted, before };
}

describe('sentences', () => {
  it('splits after . ! ? before more words, keeping titles with their sentence', () => {
    expect(sentencesOf('Dr. Lee is in today. Shall I book you? Great!')).toEqual(['Dr. Lee is in today.', 'Shall I book you?', 'Great!']);
    expect(sentencesOf('It costs 3.50 dollars.')).toEqual(['It costs 3.50 dollars.']);
    expect(splitSentences('One. Two')).toEqual({ sentences: ['One.'], rest: ' Two' });
  });

  it('streamed token by token, hands on each sentence once the next starts and reads the same as the whole', () => {
    const text = 'Sure, I can help. Dr. Patel sees patients on Tuesdays. Would that work?';
    const tokens = text.match(/\s*\S+/g)!;
    const { emitted, before } = streamed(tokens);
    expect(emitted).toEqual(sentencesOf(text));
    // "Sure, I can help." goes out with the token that starts the next sentence, not before.
    const help = tokens.findIndex((t) => t.endsWith('help.'));
    expect(before[help]).toBe(0);
    expect(before[help + 1]).toBe(1);
    // "Dr." does not end a sentence.
    expect(before[tokens.findIndex((t) => t.endsWith('Dr.')) + 1]).toBe(1);
  });

  it('gives up an unfinished sentence', () => {
    const emitted: string[] = [];
    const s = new SentenceStream((x) => emitted.push(x));
    for (const t of ['Happy', ' to', ' help.', ' We', ' can']) s.push(t);
    s.abandon();
    s.finish();
    expect(emitted).toEqual(['Happy to help.']);
  });

  it('finds what of a reply was not handed on early', () => {
    expect(unsaidRest('Happy to help. What is the name?', ['Happy to help.'])).toBe('What is the name?');
    expect(unsaidRest('Happy  to help.\nWhat is the name?', ['Happy to help.'])).toBe('What is the name?');
    expect(unsaidRest('Something else entirely.', ['Happy to help.'])).toBe('Something else entirely.');
    expect(unsaidRest('All of it.', [])).toBe('All of it.');
  });
});
