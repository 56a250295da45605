import { describe, expect, it } from 'vitest';
import { FAQ_LIMITS, faqEntriesFromStored } from './faq-entries';

describe('faqEntriesFromStored: the old free text, read as entries', () => {
  it('reads "Q: … A: …" pairs, on one line or two, with answers over several lines', () => {
    const text = 'Q: Do you accept Medicare? A: Yes, we accept Medicare and most major insurance plans.\nq: Is there parking?\na: Free parking behind the building.\nThe entrance is on Oak Lane.';
    expect(faqEntriesFromStored(text)).toEqual([
      { question: 'Do you accept Medicare?', answer: 'Yes, we accept Medicare and most major insurance plans.' },
      { question: 'Is there parking?', answer: 'Free parking behind the building. The entrance is on Oak Lane.' },
    ]);
  });

  it('reads paragraphs whose first line is a question, and keeps any other paragraph as an entry of its own', () => {
    const text = 'Do you take walk-ins?\nMornings only, 8 to 10.\n\nWe are closed on public holidays.\n\nWhat should I bring?\nYour insurance card\nand a photo ID.';
    expect(faqEntriesFromStored(text)).toEqual([
      { question: 'Do you take walk-ins?', answer: 'Mornings only, 8 to 10.' },
      { question: 'We are closed on public holidays.', answer: 'We are closed on public holidays.' },
      { question: 'What should I bring?', answer: 'Your insurance card and a photo ID.' },
    ]);
  });

  it('keeps text written before the first "Q:" and a "Q:" without its "A:"', () => {
    const text = 'We are a family practice.\nQ: Is there parking? A: Behind the building.\nQ: Do you see children?';
    expect(faqEntriesFromStored(text)).toEqual([
      { question: 'We are a family practice.', answer: 'We are a family practice.' },
      { question: 'Is there parking?', answer: 'Behind the building.' },
      { question: 'Do you see children?', answer: 'Do you see children?' },
    ]);
  });

  it('fits long questions and answers into the limits without losing words', () => {
    const question = `Do you ${'really '.repeat(40)}take walk-ins?`;
    const answer = Array.from({ length: 60 }, (_, i) => `Sentence number ${i} about the walk-in hours.`).join(' ');
    const entries = faqEntriesFromStored(`Q: ${question} A: ${answer}`);
    expect(entries.length).toBeGreaterThan(2);
    expect(entries[0]!.question.length).toBeLessThanOrEqual(FAQ_LIMITS.question);
    expect(entries[0]!.question).toMatch(/…$/);
    expect(entries.slice(1).every((e) => e.question.endsWith('(continued)'))).toBe(true);
    expect(entries.map((e) => e.answer).join(' ')).toBe(`${question} ${answer}`);
    expect(entries.every((e) => e.question.length <= FAQ_LIMITS.question && e.answer.length <= FAQ_LIMITS.answer)).toBe(true);
  });

  it('keeps the first hundred entries of a longer text', () => {
    const text = Array.from({ length: 130 }, (_, i) => `Q: Question ${i}? A: Answer ${i}.`).join('\n');
    const entries = faqEntriesFromStored(text);
    expect(entries).toHaveLength(FAQ_LIMITS.entries);
    expect(entries.at(-1)).toEqual({ question: 'Question 99?', answer: 'Answer 99.' });
  });
});

describe('faqEntriesFromStored: entries as saved', () => {
  it('keeps them, drops what is not an entry, and leaves out empty Spanish texts', () => {
    const stored = [
      { question: 'Where can I park?', answer: 'Behind the building.', questionEs: '', answerEs: '' },
      { question: 'Do you take walk-ins?', answer: 'Mornings only.', questionEs: '¿Atienden sin cita?', answerEs: 'Solo por la mañana.' },
      { question: 'No answer' },
      'text',
      null,
    ];
    expect(faqEntriesFromStored(stored)).toEqual([
      { question: 'Where can I park?', answer: 'Behind the building.' },
      { question: 'Do you take walk-ins?', answer: 'Mornings only.', questionEs: '¿Atienden sin cita?', answerEs: 'Solo por la mañana.' },
    ]);
  });

  it('nothing stored is no entries', () => {
    expect(faqEntriesFromStored(undefined)).toEqual([]);
    expect(faqEntriesFromStored('')).toEqual([]);
    expect(faqEntriesFromStored({ question: 'x' })).toEqual([]);
  });
});
