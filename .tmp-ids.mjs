const BASE = 'http://127.0.0.1:3600';
const r = await fetch(BASE + '/api/session/login', { method: 'POST', headers: { 'content-type': 'application/json', origin: BASE }, body: JSON.stringify({ email: 'admin@switchboard.demo', password: 'demo-pass-2026' }) });
const cookie = r.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
const list = await (await fetch(BASE + '/api/handoffs?tab=' + (process.argv[2] ?? 'open'), { headers: { cookie } })).json();
for (const h of list.items) console.log(h.id, h.contactName, h.status);
