import { describe, expect, it } from 'vitest';
import { fakeOrganization } from '../../agent/testing/fake-turn.js';
import VoiceResponse from 'twilio/lib/twiml/VoiceResponse.js';
import { renderTwiml, sayAndHangUp } from './twiml.js';

const org = fakeOrganization();
const at = { turn: 4, org };

describe('TwiML', () => {
  it('asks inside a speech Gather that names the next turn and answers even on silence', () => {
    expect(renderTwiml({ text: 'How can I help?', next: { type: 'gather' } }, at, 'https://sb.example')).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Gather input="speech" speechTimeout="auto" action="https://sb.example/telephony/twilio/gather?t=4" method="POST" language="en-US" actionOnEmptyResult="true"><Say voice="Polly.Joanna" language="en-US">How can I help?</Say></Gather></Response>',
    );
  });

  it('transfers with Dial and a result URL: a number, or the person’s softphone', () => {
    const phone = renderTwiml({ text: 'Please hold.', next: { type: 'transfer', target: { type: 'phone', phone: '+18605550142', name: '+18605550142' }, timeoutSeconds: 20 } }, at, 'https://sb.example');
    expect(phone).toContain('<Say voice="Polly.Joanna" language="en-US">Please hold.</Say><Dial action="https://sb.example/telephony/twilio/dial-result?t=4" method="POST" timeout="20" answerOnBridge="true"><Number>+18605550142</Number></Dial>');
    const client = renderTwiml({ text: '', next: { type: 'transfer', target: { type: 'user', userId: 'u1', name: 'Dana', phone: null }, timeoutSeconds: 20 } }, at, 'https://sb.example');
    expect(client).toContain('<Client>user-u1</Client>');
  });

  it('says goodbye and hangs up; escapes what it says', () => {
    expect(renderTwiml({ text: 'Bye <now> & thanks', next: { type: 'hangup' } }, at, 'x')).toContain('<Say voice="Polly.Joanna" language="en-US">Bye &lt;now&gt; &amp; thanks</Say><Hangup/>');
    expect(sayAndHangUp('Not in service.')).toBe('<?xml version="1.0" encoding="UTF-8"?><Response><Say language="en-US">Not in service.</Say><Hangup/></Response>');
  });

  describe('a question is exactly the document the twilio package builds', () => {
    /** The same answer built element by element with VoiceResponse. */
    const built = (text: string, turn: number, voice: string | undefined, language: string, baseUrl: string) => {
      const response = new VoiceResponse();
      const gather = response.gather({ input: ['speech'], speechTimeout: 'auto', action: `${baseUrl}/telephony/twilio/gather?t=${turn}`, method: 'POST', language: language as 'en-US', actionOnEmptyResult: true });
      if (text) gather.say((voice ? { voice, language } : { language }) as never, text);
      return response.toString();
    };
    const texts = [
      'How can I help?',
      'Bye <now> & thanks',
      'Dr. O\'Brien said "soon" > later',
      'line one\r\nline two\ttabbed',
      'Ünïcödé — naïve café, 日本語, emoji 🙂',
      '&amp; is already an entity; &#x41; too',
      '__switchboard_text__ and __switchboard_turn__ typed by a caller',
      ' ',
      'x'.repeat(5000),
    ];
    const settings: [string | undefined, string, string][] = [
      ['Polly.Joanna', 'en-US', 'https://sb.example'],
      ['Polly.Amy', 'en-GB', 'https://sb.example/base?x=1&y="2"'],
      [undefined, 'es-US', 'http://127.0.0.1:3000'],
    ];
    for (const [voice, language, baseUrl] of settings) {
      it(`voice ${voice ?? 'default'}, ${language}, ${baseUrl}`, () => {
        const o = { ...org, settings: { ...org.settings, voice: voice ?? '', language } };
        for (const [i, text] of texts.entries()) {
          // Twice: the first builds the template, the second fills it in.
          for (let n = 0; n < 2; n++) expect(renderTwiml({ text, next: { type: 'gather' } }, { turn: i * 7 + n, org: o }, baseUrl)).toBe(built(text, i * 7 + n, voice, language, baseUrl));
        }
        expect(renderTwiml({ text: '', next: { type: 'gather' } }, { turn: 3, org: o }, baseUrl)).toBe(built('', 3, voice, language, baseUrl));
      });
    }

    it('refuses characters XML cannot carry, as the package does', () => {
      const text = 'a\u0000b';
      expect(() => built(text, 1, 'Polly.Joanna', 'en-US', 'https://sb.example')).toThrow();
      expect(() => renderTwiml({ text, next: { type: 'gather' } }, at, 'https://sb.example')).toThrow();
    });
  });
});
