import { describe, expect, it } from 'vitest';
import { fakeOrganization } from '../../agent/testing/fake-turn.js';
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

  it('escapes what it asks', () => {
    expect(renderTwiml({ text: 'Dr. O\'Brien said "soon" > later & <now>', next: { type: 'gather' } }, at, 'https://sb.example')).toContain(`>Dr. O'Brien said "soon" &gt; later &amp; &lt;now&gt;</Say></Gather>`);
  });
});
