import type { Figures } from '@contracts/analytics';
import { callPaths } from '@web/lib/call-paths';

export const percent = (n: number | null) => (n === null ? '—' : `${(n * 100).toFixed(1)} %`);

export function duration(seconds: number | null): string {
  if (seconds === null) return '—';
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

export type Change = { text: string; direction: 'up' | 'down' | 'same' | 'none' };

/** Change against the previous period: counts and times relative (%), rates in percentage points. */
export function changeOf(current: number | null, previous: number | null, kind: 'count' | 'rate' | 'seconds'): Change {
  if (current === null || previous === null) return { text: 'no comparison', direction: 'none' };
  const diff = current - previous;
  const direction = diff > 0 ? 'up' : diff < 0 ? 'down' : 'same';
  if (kind === 'rate') return { text: `${diff >= 0 ? '+' : '−'}${Math.abs(diff * 100).toFixed(1)} pts`, direction };
  if (previous === 0) return { text: current === 0 ? 'no change' : 'new', direction };
  return { text: `${diff >= 0 ? '+' : '−'}${Math.abs((diff / previous) * 100).toFixed(0)} %`, direction };
}

export const totalCalls = (f: Figures) => f.inboundCalls + f.outboundCalls;

/** The calls list filtered to exactly a bucket's calls (exact instants, so any zone reads the same). */
export function callsHref(opts: { start: string; end: string; direction: 'all' | 'inbound' | 'outbound'; organizationId?: string; extra?: Record<string, string> }): string {
  return callPaths.calls.href({
    from: opts.start,
    to: opts.end,
    direction: opts.direction === 'all' ? undefined : opts.direction,
    org: opts.organizationId,
    ...opts.extra,
  });
}
