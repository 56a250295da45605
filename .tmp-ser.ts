import { CallListResponse } from './src/server/features/calls/calls.schemas.js';
const item = { id: '00000000-0000-4000-8000-000000000000', organizationId: '00000000-0000-4000-8000-000000000000', organizationName: 'Bench Clinic 01', direction: 'inbound', status: 'completed', outcome: 'question_answered', live: false, provider: 'twilio', fromNumber: '+12125550101', toNumber: '+18605551000', contactNumber: '+12125550101', patientId: null, patientName: null, startedAt: new Date().toISOString(), answeredAt: null, endedAt: null, durationSeconds: 120, summary: 'Caller asked: Do you accept my insurance? I have Aetna.', hasHandoff: false, hasRecording: false, match: null };
const data = { items: Array.from({ length: 50 }, () => ({ ...item })), nextCursor: 'abc', prevCursor: null };
for (let r = 0; r < 3; r++) {
  const t = performance.now();
  for (let i = 0; i < 200; i++) { const p = CallListResponse.safeParse(data); JSON.stringify(p.data); }
  console.log('per serialize ms', ((performance.now() - t) / 200).toFixed(3));
}
