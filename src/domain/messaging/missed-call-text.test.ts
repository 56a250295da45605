import { describe, expect, it } from 'vitest';
import { DEFAULT_MISSED_CALL_TEXTS, missedCallText, unknownPlaceholders } from './missed-call-text';
import { smsBody } from './sms';
import { emergencyNumber } from '../patient/emergency-number';

const values = { practice: 'Maple Street Clinic', number: '(860) 555-0100', emergency: '911' };

describe('missedCallText', () => {
  it('an empty text is the standard one in the call’s language, filled in', () => {
    expect(missedCallText('', 'en', values)).toBe(
      'Maple Street Clinic: sorry we missed you. Reply to this text and we will get back to you, or call us at (860) 555-0100. In an emergency, call 911.',
    );
    expect(missedCallText('   ', 'es', values)).toBe(
      'Maple Street Clinic: sentimos no haberle atendido. Responda a este mensaje y le contestaremos, o llámenos al (860) 555-0100. En una emergencia, llame al 911.',
    );
  });

  it('the organization’s own words, with every placeholder filled in wherever it stands (spaces inside the braces allowed)', () => {
    expect(missedCallText('{practice} missed you — call {number} or reply. { practice } again; {emergency}!', 'en', values)).toBe(
      'Maple Street Clinic missed you — call (860) 555-0100 or reply. Maple Street Clinic again; 911!',
    );
  });

  it('with the carriers’ opt-out sentence, the standard English text stays within two text segments for a usual name', () => {
    expect(smsBody(missedCallText(DEFAULT_MISSED_CALL_TEXTS.en, 'en', values), 'en').length).toBeLessThanOrEqual(306);
  });
});

describe('unknownPlaceholders', () => {
  it('names the {…} that would reach the patient as typed', () => {
    expect(unknownPlaceholders('Call {number} at {practice}')).toEqual([]);
    expect(unknownPlaceholders('Call {phone} or {Number} or {phone}')).toEqual(['{phone}', '{Number}']);
    expect(unknownPlaceholders('Any words in braces { like these } count')).toEqual(['{ like these }']);
    expect(unknownPlaceholders('A lone } before a lone { is left alone')).toEqual([]);
    expect(unknownPlaceholders('No braces at all')).toEqual([]);
  });
});

describe('emergencyNumber', () => {
  it('911 in North America (and when the country is not known), 999 in the UK, 112 elsewhere', () => {
    expect([emergencyNumber('US'), emergencyNumber('CA'), emergencyNumber(''), emergencyNumber(undefined), emergencyNumber('GB'), emergencyNumber('DE')]).toEqual(['911', '911', '911', '911', '999', '112']);
  });
});
