import { describe, expect, it } from 'vitest';
import { HANDOFF_TEXT_LANGUAGES, HANDOFF_TEXT_TEMPLATES, handoffText } from './handoff-texts';

const values = { practice: 'Maple Street Family Practice', number: '(860) 555-0100' };

describe('the texts staff send from a handoff (decision 048)', () => {
  it('every template exists in English and Spanish, names the practice, and leaves no placeholder unfilled', () => {
    for (const language of HANDOFF_TEXT_LANGUAGES) {
      for (const template of HANDOFF_TEXT_TEMPLATES) {
        const text = handoffText(template, language, { ...values, text: 'Hello' });
        expect(text.startsWith('Maple Street Family Practice: ')).toBe(true);
        expect(text).not.toMatch(/[{}]/);
      }
    }
  });

  it('a line of one’s own follows the template’s words; `message` is only that line', () => {
    expect(handoffText('call_back', 'en', values)).toBe('Maple Street Family Practice: please call us back at (860) 555-0100.');
    expect(handoffText('call_back', 'es', { ...values, text: '  Pregunte por Dana. ' })).toBe('Maple Street Family Practice: por favor, llámenos al (860) 555-0100. Pregunte por Dana.');
    expect(handoffText('message', 'en', { ...values, text: 'Your forms are ready.' })).toBe('Maple Street Family Practice: Your forms are ready.');
  });
});
