import pino from 'pino';

/**
 * The process's logger. JSON lines (pino's own) for files, pipes and log collectors; on a
 * terminal, one short readable line per event instead (issue 19 §9): a request is one line,
 * "GET /login 200 11 ms", written when it completes; successful requests for built assets and
 * health probes are left out, and fields a person does not need (request ids, ports, hosts) too.
 */
export function createLogger(level: string, opts: { pretty?: boolean; write?: (line: string) => void } = {}): pino.Logger {
  const options: pino.LoggerOptions = { level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime };
  if (!opts.pretty) return pino(options);
  return pino(options, terminalStream(opts.write ?? ((line) => process.stdout.write(line))));
}

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: '', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const QUIET_PATHS = /^\/(assets\/|favicon|healthz|readyz|metrics)/;
const HIDDEN_FIELDS = new Set(['level', 'time', 'msg', 'reqId', 'req', 'res', 'responseTime', 'pid', 'hostname']);

interface Line {
  level: number;
  time?: string;
  msg?: string;
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { message?: string; type?: string };
  [key: string]: unknown;
}

/** A destination that turns pino's JSON lines into one readable line each (see createLogger). */
export function terminalStream(write: (line: string) => void, colour = true): { write: (chunk: string) => void } {
  const open = new Map<string, { method: string; url: string }>();
  const paint = (code: string, text: string) => (colour ? `\u001b[${code}m${text}\u001b[0m` : text);
  return {
    write(chunk: string) {
      let line: Line;
      try {
        line = JSON.parse(chunk) as Line;
      } catch {
        write(chunk);
        return;
      }
      const time = paint('2', (line.time ?? new Date().toISOString()).slice(11, 19));
      if (line.msg === 'incoming request' && line.reqId && line.req) {
        open.set(line.reqId, { method: line.req.method ?? '', url: line.req.url ?? '' });
        // Streams that never complete (live updates) must not keep their entries for ever.
        if (open.size > 500) open.delete(open.keys().next().value!);
        return;
      }
      if (line.msg === 'request completed' && line.reqId) {
        const req = open.get(line.reqId);
        open.delete(line.reqId);
        const status = line.res?.statusCode ?? 0;
        if (!req || (status < 400 && QUIET_PATHS.test(req.url))) return;
        const shown = status >= 500 ? paint('31', String(status)) : status >= 400 ? paint('33', String(status)) : String(status);
        write(`${time} ${req.method} ${req.url} ${shown} ${Math.round(line.responseTime ?? 0)} ms\n`);
        return;
      }
      // main.ts says where the server runs, once; Fastify would add a line per interface.
      if (line.level === 30 && line.msg?.startsWith('Server listening at ')) return;
      const level = LEVELS[line.level] ?? '';
      const tag = level ? `${line.level >= 50 ? paint('31', level) : line.level >= 40 ? paint('33', level) : paint('2', level)} ` : '';
      const extra = Object.entries(line)
        .filter(([k, v]) => !HIDDEN_FIELDS.has(k) && k !== 'err' && v !== undefined)
        .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`);
      const error = line.err?.message ? ` (${line.err.message})` : '';
      write(`${time} ${tag}${line.msg ?? ''}${error}${extra.length ? ` ${paint('2', extra.join(' '))}` : ''}\n`);
    },
  };
}
