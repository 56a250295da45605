import { describe, expect, it } from 'vitest';
import { createLogger, terminalStream } from './log.js';

describe('terminal logs (issue 19 §9)', () => {
  const capture = () => {
    const lines: string[] = [];
    return { lines, stream: terminalStream((l) => lines.push(l), false) };
  };
  const json = (o: Record<string, unknown>) => JSON.stringify({ time: '2026-11-25T06:44:10.659Z', level: 30, ...o });

  it('a request is one line when it completes: method, path, status, time', () => {
    const { lines, stream } = capture();
    stream.write(json({ reqId: 'a', req: { method: 'GET', url: '/login', host: 'localhost:3000', remotePort: 1 }, msg: 'incoming request' }));
    expect(lines).toEqual([]);
    stream.write(json({ reqId: 'a', res: { statusCode: 200 }, responseTime: 10.7, msg: 'request completed' }));
    expect(lines).toEqual(['06:44:10 GET /login 200 11 ms\n']);
  });

  it('leaves out built assets and health probes that went well, but not their failures', () => {
    const { lines, stream } = capture();
    for (const [id, url, status] of [['1', '/assets/index-abc.js', 200], ['2', '/healthz', 200], ['3', '/assets/missing.js', 404]] as const) {
      stream.write(json({ reqId: id, req: { method: 'GET', url }, msg: 'incoming request' }));
      stream.write(json({ reqId: id, res: { statusCode: status }, responseTime: 1, msg: 'request completed' }));
    }
    expect(lines).toEqual(['06:44:10 GET /assets/missing.js 404 1 ms\n']);
  });

  it('other events: level when not info, message, error and fields, without request ids', () => {
    const { lines, stream } = capture();
    stream.write(json({ msg: 'demo call history seeded', calls: 189 }));
    stream.write(json({ level: 40, msg: 'database connection error', code: 'ECONNRESET', reqId: 'x' }));
    stream.write(json({ level: 50, msg: 'job failed', err: { message: 'boom', type: 'Error' } }));
    expect(lines).toEqual(['06:44:10 demo call history seeded calls=189\n', '06:44:10 WARN database connection error code=ECONNRESET\n', '06:44:10 ERROR job failed (boom)\n']);
  });

  it('createLogger writes through it when pretty, and keeps the level', () => {
    const lines: string[] = [];
    const logger = createLogger('warn', { pretty: true, write: (l) => lines.push(l) });
    logger.info('not shown at warn');
    logger.warn({ port: 5488 }, 'embedded database slow');
    expect(lines).toHaveLength(1);
    // eslint-disable-next-line no-control-regex
    expect(lines[0]!.replace(/\u001b\[\d+m/g, '')).toMatch(/^\d{2}:\d{2}:\d{2} .*WARN.* embedded database slow .*port=5488.*\n$/);
  });
});
