import type { LucideIcon } from 'lucide-react';
import { AlertTriangle, ArrowRightLeft, BrainCircuit, CircleDot, Disc3, MessageSquareText, Scissors, Wrench } from 'lucide-react';
import { formatDateTime, type Practice } from '@web/lib/format-date';
import { readableKey, readableValue } from '@web/lib/readable';
import { cn } from '@web/lib/utils';
import { formatOffset } from '../format';
import { STATUS_LABELS } from '@web/lib/call-labels';
import type { CallEvent, CallStatus } from '@contracts/calls';

const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null);

/** A value in words (never JSON), its numbers and times the practice's, cut to `max` characters. */
function short(value: unknown, practice: Practice | undefined, max = 160): string {
  if (value === null || value === undefined) return '';
  const text = readableValue(value, practice);
  if (text === '—') return '';
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

const TOOL_NAMES: Record<string, string> = {
  get_hours: 'opening hours',
  hours_open_now: 'open now',
  create_appointment_request: 'appointment request',
  transfer_to_staff: 'transfer to staff',
  take_message: 'message',
  request_callback: 'call-back request',
  lookup_request_status: 'request status',
  add_to_do_not_call: 'do-not-call list',
  end_call: 'end call',
};
const toolName = (name: string | null) => (name ? (TOOL_NAMES[name] ?? readableKey(name)) : 'unknown');

interface Described {
  icon: LucideIcon;
  title: string;
  detail?: string;
  tone?: 'default' | 'warning' | 'danger';
}

/** One line for each kind of event; the speech itself is in the transcript. `practice`: the call's organization. */
export function describeEvent(e: CallEvent, practice?: Practice): Described | null {
  const p = e.payload;
  switch (e.kind) {
    case 'status': {
      const to = str(p.to) as CallStatus | null;
      const from = str(p.from) as CallStatus | null;
      const left = p.abandoned && typeof p.abandoned === 'object' ? (p.abandoned as { doing?: unknown }) : null;
      const parts = [from ? `from ${STATUS_LABELS[from] ?? from}` : null, left && typeof left.doing === 'string' ? `left during ${left.doing}; call-back task created` : null].filter(Boolean);
      return { icon: CircleDot, title: `Status: ${to ? (STATUS_LABELS[to] ?? to) : 'changed'}`, detail: parts.join(' · ') || undefined, tone: left ? 'warning' : 'default' };
    }
    case 'tool_call':
      return { icon: Wrench, title: `Tool called: ${toolName(str(p.name))}`, detail: short(p.arguments, practice) || undefined };
    case 'tool_result':
      return {
        icon: Wrench,
        title: `Tool ${p.ok === false ? 'failed' : 'answered'}: ${toolName(str(p.name))}`,
        detail: short(p.result, practice) || undefined,
        tone: p.ok === false ? 'warning' : 'default',
      };
    case 'transfer': {
      const target = p.target && typeof p.target === 'object' ? (p.target as { name?: unknown; phone?: unknown }) : null;
      const who = target ? (str(target.name) ?? str(target.phone)) : str(p.target);
      return { icon: ArrowRightLeft, title: `Transfer to ${who ? readableValue(who, practice) : 'staff'}`, detail: p.result !== undefined ? `result: ${short(p.result, practice, 60)}` : undefined };
    }
    case 'model_request': {
      const brain = str(p.brain) === 'llm' ? `LLM${str(p.model) ? ` (${str(p.model)})` : ''}` : 'Built-in brain';
      const bits = [
        str(p.intent) ? `intent ${readableKey(str(p.intent)!)}` : null,
        typeof p.promptTokens === 'number' ? `${p.promptTokens}+${typeof p.completionTokens === 'number' ? p.completionTokens : 0} tokens` : null,
        e.latencyMs !== null ? `${Math.round(e.latencyMs)} ms` : null,
        p.fellBackToBuiltin === true ? 'fell back to the built-in brain' : null,
      ].filter(Boolean);
      return { icon: BrainCircuit, title: `${brain} decided`, detail: bits.join(' · ') || undefined, tone: p.fellBackToBuiltin === true ? 'warning' : 'default' };
    }
    case 'note':
      return { icon: MessageSquareText, title: `Note by ${str(p.authorName) ?? 'staff'}`, detail: short(p.text, practice) };
    case 'interruption':
      return {
        icon: Scissors,
        title: p.why === 'rerun' ? 'Stored as the caller heard it (the turn was answered again)' : 'The caller cut in',
        detail: str(p.heard) ? `Heard: “${short(p.heard, practice)}”` : 'Heard nothing of the answer',
      };
    case 'recording':
      return { icon: Disc3, title: 'Recording stored', detail: typeof p.durationSeconds === 'number' ? `${formatOffset(p.durationSeconds * 1000)} long` : undefined };
    case 'error':
      return { icon: AlertTriangle, title: 'Error', detail: short(p.message ?? p, practice), tone: 'danger' };
    default:
      return null;
  }
}

/** Everything that happened on the call besides the speech, in order, timed from its start. */
export function CallTimeline({ events, startedAt, practice }: { events: CallEvent[]; startedAt: string; practice?: Practice }) {
  const start = Date.parse(startedAt);
  const items = events.map((e) => ({ e, d: describeEvent(e, practice) })).filter((x): x is { e: CallEvent; d: Described } => x.d !== null);
  if (items.length === 0) return <p className="text-sm text-muted-foreground">No tool calls, transfers or status changes yet.</p>;
  return (
    <ol aria-labelledby="call-timeline-heading" className="relative space-y-3 border-l border-border pl-5">
      {items.map(({ e, d }) => (
        <li key={e.seq} className="relative">
          <span
            aria-hidden="true"
            className={cn(
              'absolute -left-[1.95rem] top-0.5 flex size-6 items-center justify-center rounded-full border border-border bg-card',
              d.tone === 'danger' ? 'text-destructive' : d.tone === 'warning' ? 'text-warning-soft-foreground' : 'text-muted-foreground',
            )}
          >
            <d.icon className="size-3.5" />
          </span>
          <div className="flex flex-wrap items-baseline gap-x-2">
            <span className="text-sm font-medium">{d.title}</span>
            <time dateTime={e.at} title={formatDateTime(e.at, { seconds: true, practice })} className="font-mono text-xs text-muted-foreground">
              +{formatOffset(Date.parse(e.at) - start)}
            </time>
          </div>
          {d.detail ? <p className="mt-0.5 text-xs text-muted-foreground [overflow-wrap:anywhere]">{d.detail}</p> : null}
        </li>
      ))}
    </ol>
  );
}
