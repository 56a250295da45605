import { describe, expect, it } from 'vitest';
import { keywordOf, smsBody } from './sms';

describe('smsBody', () => {
  it('ends every text with the opt-out notice, once', () => {
    expect(smsBody('Your code is 123456.')).toBe('Your code is 123456. Reply STOP to opt out.');
    expect(smsBody('Clinic: call us back')).toBe('Clinic: call us back. Reply STOP to opt out.');
    expect(smsBody('Hello!  \n')).toBe('Hello! Reply STOP to opt out.');
    expect(smsBody(smsBody('Hi.'))).toBe('Hi. Reply STOP to opt out.');
    expect(smsBody('You are resubscribed. Reply STOP to unsubscribe.')).toBe('You are resubscribed. Reply STOP to unsubscribe.');
  });

  it('in Spanish, with the carriers’ English keyword', () => {
    expect(smsBody('Su código es 123456.', 'es')).toBe('Su código es 123456. Responda STOP para no recibir más mensajes.');
    expect(smsBody(smsBody('Hola.', 'es'), 'es')).toBe('Hola. Responda STOP para no recibir más mensajes.');
  });
});

describe('keywordOf', () => {
  it.each([
    ['STOP', 'opt_out'],
    [' stop ', 'opt_out'],
    ['Stop.', 'opt_out'],
    ['stopall', 'opt_out'],
    ['Unsubscribe', 'opt_out'],
    ['cancel', 'opt_out'],
    ['END', 'opt_out'],
    ['quit!', 'opt_out'],
    ['START', 'opt_in'],
    ['unstop', 'opt_in'],
    ['Yes', 'opt_in'],
    ['help', 'help'],
  ])('%j → %s', (body, action) => {
    expect(keywordOf(body).action).toBe(action);
  });

  it('a sentence that contains a keyword is not one', () => {
    expect(keywordOf("please don't stop calling")).toEqual({ action: 'none', keyword: null });
    expect(keywordOf('yes please, Tuesday')).toEqual({ action: 'none', keyword: null });
    expect(keywordOf('')).toEqual({ action: 'none', keyword: null });
  });
});
