import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('CSV cells', () => {
  it('writes formula-looking text as text, with a leading apostrophe', () => {
    for (const evil of ['=1+1', '+1 860 555 0100', '-2+3', '@SUM(A1:A2)', '\t=cmd', '\r=cmd', '=HYPERLINK("http://evil.test","Click")']) {
      expect(csvCell(evil).replace(/^"|"$/g, '').startsWith("'"), JSON.stringify(evil)).toBe(true);
    }
  });

  it('writes phone numbers in E.164 and plain numbers without the apostrophe: they cannot run', () => {
    for (const plain of ['+18605550100', '+442079460000', '-3', '+5', '-0.25', '18605550100']) expect(csvCell(plain), plain).toBe(plain);
    // Almost a number is still a formula to a spreadsheet.
    for (const evil of ['+1+1', '-1-cmd', '+1 860 555 0100', '+18605550100\n=1', '-1e3', '+', '-']) {
      expect(csvCell(evil).replace(/^"|"$/g, '').startsWith("'"), JSON.stringify(evil)).toBe(true);
    }
  });

  it('quotes commas, quotes and line breaks; leaves markup as inert text', () => {
    expect(csvCell('Lopez, Ana')).toBe('"Lopez, Ana"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('<script>alert(1)</script>')).toBe('<script>alert(1)</script>');
    expect(csvCell('=1,2')).toBe(`"'=1,2"`);
  });

  it('keeps numbers, including negative ones, as numbers', () => {
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(0.25)).toBe('0.25');
    expect(csvCell(null)).toBe('');
  });

  it('builds rows with CRLF line ends', () => {
    expect(toCsv([['name', 'calls'], ['=evil()', 2]])).toBe("name,calls\r\n'=evil(),2\r\n");
  });
});
