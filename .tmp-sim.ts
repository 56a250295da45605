const base = 'http://localhost:3500';
const login = await fetch(`${base}/api/session/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify({ email: 'admin@switchboard.demo', password: 'demo-pass-2026' }) });
const cookie = (login.headers.getSetCookie() ?? []).map((c) => c.split(';')[0]).join('; ');
const post = async (path: string, body: unknown) => {
  const r = await fetch(`${base}${path}`, { method: 'POST', headers: { cookie, origin: base, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const j = await r.json();
  if (!r.ok) throw new Error(`${path} ${r.status} ${JSON.stringify(j)}`);
  return j;
};
const maple = 'e3705c7e-bee4-42c3-8f73-6cf75ab44708';
const harbor = 'c1387d41-1240-47ce-b882-0242f4663233';
const scripts: [string, string, string[], boolean][] = [
  [maple, '+18605550142', ['Hi, I would like to book an appointment for a cleaning.', 'My name is Ada Lovelace.', 'March third nineteen eighty', 'Yes, this number is fine.', 'I am an existing patient.', 'Tuesday mornings work best.', 'Yes, that is correct.', 'No, that is all. Thank you, goodbye.'], true],
  [maple, '+18605550177', ['What time do you close today?', 'And are you open on Saturday?', 'Thanks, bye.'], true],
  [harbor, '+15105550123', ['My daughter has a fever and a sore throat, can someone call me back?', 'Her name is Mia Chen.', 'Yes please.', 'Thank you.'], true],
  [maple, '+18605550188', ['I have chest pain and it is getting worse.'], true],
  [maple, '+18605550199', ['Hello, do you accept Aetna insurance?'], false],
];
for (const [org, from, lines, hang] of scripts) {
  const started = await post('/api/simulator/calls', { organizationId: org, from });
  console.log('call', started.callId, '→', started.agentText);
  for (const text of lines) {
    const t = await post(`/api/simulator/calls/${started.callId}/turns`, { text });
    console.log('  caller:', text, '\n  agent:', t.agentText, t.ended ? '(ended)' : '');
    if (t.ended) break;
    await new Promise((r) => setTimeout(r, 1200));
  }
  if (hang) await post(`/api/simulator/calls/${started.callId}/hangup`, {}).catch((e) => console.log('hangup:', e.message.slice(0, 100)));
}
