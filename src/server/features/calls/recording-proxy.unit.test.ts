import { describe, expect, it } from 'vitest';
import { twilioCredentials } from './recording-proxy.js';

const SID = `AC${'0123456789abcdef'.repeat(2)}`;

describe('twilioCredentials', () => {
  it("answers the account SID from the recording's address with the auth token, for Twilio only", () => {
    const twilio = new URL(`https://api.twilio.com/2010-04-01/Accounts/${SID}/Recordings/RE123`);
    expect(twilioCredentials(twilio, 'token')).toBe(`${SID}:token`);
    expect(twilioCredentials(twilio, undefined)).toBeNull();
    expect(twilioCredentials(new URL(`https://evil.example/2010-04-01/Accounts/${SID}/Recordings/RE1`), 'token')).toBeNull();
    expect(twilioCredentials(new URL(`https://api.twilio.com.evil.example/Accounts/${SID}/Recordings/RE1`), 'token')).toBeNull();
    expect(twilioCredentials(new URL(`http://api.twilio.com/2010-04-01/Accounts/${SID}/Recordings/RE1`), 'token')).toBeNull();
    expect(twilioCredentials(new URL('https://api.twilio.com/2010-04-01/Recordings/RE1'), 'token')).toBeNull();
  });
});
