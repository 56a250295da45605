import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeOpenAi } from '../../agent/brains/llm/fake-openai-server.js';
import { createTestApp, type TestAppHandle } from '../../test-support/index.js';
import { createPractice, recordsOf } from '../testing/call-fixtures.js';
import { FakeRelayCall } from '../testing/fake-relay.js';
import { TWILIO_TEST_TOKEN } from '../testing/fake-twilio.js';
import { CALLER } from '../testing/scenario-types.js';

/** Barge-in with the LLM brain (issue 20): the model's next turn sees where it was cut off. */
let t: TestAppHandle;
let llm: FakeOpenAi;
let port: number;
beforeAll(async () => {
  llm = await startFakeOpenAi();
  t = await createTestApp({ TWILIO_AUTH_TOKEN: TWILIO_TEST_TOKEN, LLM_BASE_URL: llm.baseURL, LLM_API_KEY: 'sk-test', LLM_MODEL: 'default-model', LLM_TIMEOUT_MS: '2000' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t?.close();
  await llm?.close();
});

it('an interrupted answer is cut in the records and in the history the model is sent next', async () => {
  const practice = await createPractice(t.ctx, { open: true, agentSettings: { brain: 'llm', model: 'fake-gpt', voiceMode: 'relay' } });
  const call = new FakeRelayCall(t.app, port, CALLER, practice.number);
  await call.answer();
  llm.script({ content: 'We are open from eight to six on weekdays. On Saturdays we open at nine. Anything else?' }, { content: 'Of course. What is the patient’s name?' });
  const first = await call.say('When are you open?');
  expect(call.received.filter((m) => m.type === 'text').map((m) => m.token)).toEqual(['We are open from eight to six on weekdays. ', 'On Saturdays we open at nine. ', 'Anything else?']);
  expect(first.text).toBe('We are open from eight to six on weekdays. On Saturdays we open at nine. Anything else?');
  call.interrupt('We are open from eight to six on weekdays', 2100);
  await call.say('I need to book a visit');
  const sent = llm.requests.at(-1)!.messages;
  expect(sent.at(-2)).toEqual({ role: 'assistant', content: 'We are open from eight to six on weekdays… [the caller interrupted you here and did not hear the rest]' });
  expect(sent.at(-1)).toEqual({ role: 'user', content: 'I need to book a visit' });
  const records = await recordsOf(t.db, call.callSid);
  const speech = records.events.filter((e) => e.kind === 'agent_speech');
  expect(speech[1]!.payload).toMatchObject({ text: 'We are open from eight to six on weekdays', interrupted: true, said: first.text });
  call.socket!.close();
});
