import { createDatabase } from './src/server/db/client.js';
import { addCallEvents, createCall, createHandoffForCall } from './src/server/test-support/calls.js';
const { db, close } = createDatabase('postgres://postgres:switchboard-local@127.0.0.1:5550/postgres');
const ctx = { db };
const maple = 'e3705c7e-bee4-42c3-8f73-6cf75ab44708';
const start = new Date(Date.now() - 3 * 3600_000);
const lines: [string, string][] = [
  ['agent', 'Thank you for calling Maple Street Family Practice. How can I help you today?'],
  ['caller', 'Hi, this is Robert Kim. I need to move my physical next week, something came up at work.'],
  ['agent', 'I can pass that to the front desk. Which day works better for you?'],
  ['caller', 'Any afternoon the week after, ideally Wednesday or Thursday.'],
  ['agent', 'Got it. I will ask the front desk to call you back to reschedule. Is this the best number?'],
  ['caller', 'Yes, this number is fine. Also, do you take Blue Cross insurance?'],
  ['agent', 'Yes, we accept Blue Cross Blue Shield plans. Anything else I can help with?'],
  ['caller', 'No, that is everything. Thanks!'],
  ['agent', 'Thank you for calling. Goodbye!'],
];
const call = await createCall(ctx, {
  organizationId: maple, provider: 'twilio', fromNumber: '+18605550163', toNumber: '+18605550100', startedAt: start, answeredAt: start,
  endedAt: new Date(start.getTime() + 38_000), durationSeconds: 38, status: 'completed', outcome: 'message_taken',
  summary: 'Robert Kim asked to move his physical to an afternoon the week after (Wed or Thu) and asked about Blue Cross insurance.',
  transcriptText: lines.map(([w, t]) => `${w === 'caller' ? 'Caller' : 'Agent'}: ${t}`).join('\n'),
  recordingUrl: 'http://127.0.0.1:3599/RE-demo.wav', recordingDurationSeconds: 40,
});
const at = (s: number) => new Date(start.getTime() + s * 1000);
const events: Parameters<typeof addCallEvents>[2] = [{ kind: 'status', payload: { from: 'ringing', to: 'in_progress' }, at: at(0) }];
lines.forEach(([who, text], i) => {
  events.push({ kind: who === 'caller' ? 'caller_speech' : 'agent_speech', payload: who === 'caller' ? { text, confidence: 0.91 } : { text }, at: at(i * 4 + 0.2) });
  if (who === 'caller') events.push({ kind: 'model_request', payload: { brain: 'builtin', intent: i === 1 ? 'reschedule' : i === 5 ? 'insurance_question' : 'other', slots: i === 1 ? { name: 'Robert Kim' } : {}, decision: { say: 'next_prompt' } }, latencyMs: 3.2, at: at(i * 4 + 0.5) });
  if (i === 5) {
    events.push({ kind: 'tool_call', payload: { name: 'take_message', arguments: { reason: 'Reschedule physical', callback: '+18605550163' } }, at: at(i * 4 + 0.6) });
    events.push({ kind: 'tool_result', payload: { name: 'take_message', ok: true, result: { handoff: 'message' } }, latencyMs: 12, at: at(i * 4 + 0.7) });
  }
});
events.push({ kind: 'status', payload: { from: 'in_progress', to: 'completed' }, at: at(38) });
events.push({ kind: 'recording', payload: { url: 'http://127.0.0.1:3599/RE-demo.wav', durationSeconds: 40 }, at: at(40) });
await addCallEvents(ctx, call.id, events);
await createHandoffForCall(ctx, { organizationId: maple, callId: call.id, type: 'message', priority: 'normal', reason: 'Reschedule the physical to a Wed/Thu afternoon the week after.', contactName: 'Robert Kim', contactPhone: '+18605550163', dueAt: new Date(Date.now() + 2 * 3600_000) });
console.log(call.id);
await close();
