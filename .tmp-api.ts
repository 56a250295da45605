const base = 'http://localhost:3500';
const login = await fetch(`${base}/api/session/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify({ email: process.argv[2] ?? 'admin@switchboard.demo', password: 'demo-pass-2026' }) });
const cookie = (login.headers.getSetCookie() ?? []).map((c) => c.split(';')[0]).join('; ');
const path = process.argv[3] ?? '/api/calls?limit=3';
const method = process.argv[4] ?? 'GET';
const res = await fetch(`${base}${path}`, { method, headers: { cookie, origin: base, 'content-type': 'application/json' }, body: process.argv[5] });
console.log(res.status, (await res.text()).slice(0, 3000));
