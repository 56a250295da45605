import { countryOfNumber } from '@domain/format/phone';
import { readSpoken } from '@domain/format/spoken';
import * as React from 'react';
import { Bot, Play, UserRound } from 'lucide-react';
import { Alert } from '@web/components/ui/alert';
import { cn } from '@web/lib/utils';
import { formatOffset } from '../format';
import { PARTY_LABELS } from '@web/lib/call-labels';
import type { CallDetail, CallEvent } from '@contracts/calls';

export interface TranscriptLine {
  seq: number;
  speaker: 'caller' | 'agent';
  text: string;
  at: string;
  /** Seconds from the start of the call (and of its recording). */
  offset: number;
  confidence: number | null;
  /** ConversationRelay barge-in (issue 20): the caller cut the agent off; `text` is what they heard, `unheard` the rest. */
  interrupted: { unheard: string } | null;
}

/** The spoken turns of a call, timed from its start (when it was answered, if it was). */
export function transcriptLines(detail: Pick<CallDetail, 'call' | 'events'>): TranscriptLine[] {
  const start = Date.parse(detail.call.answeredAt ?? detail.call.startedAt);
  // The practice's own number tells its country (numbers read in its format).
  const country = countryOfNumber(detail.call.direction === 'inbound' ? detail.call.toNumber : detail.call.fromNumber) ?? 'US';
  return detail.events
    .filter((e): e is CallEvent & { kind: 'caller_speech' | 'agent_speech' } => e.kind === 'caller_speech' || e.kind === 'agent_speech')
    .map((e) => ({
      seq: e.seq,
      speaker: e.kind === 'caller_speech' ? 'caller' : 'agent',
      // The agent spells numbers and codes out for the voice; the transcript shows them as a person reads them.
      text: typeof e.payload.text === 'string' ? (e.kind === 'agent_speech' ? readSpoken(e.payload.text, country) : e.payload.text) : '',
      at: e.at,
      offset: Math.max(0, (Date.parse(e.at) - start) / 1000),
      confidence: typeof e.payload.confidence === 'number' ? e.payload.confidence : null,
      interrupted: e.kind === 'agent_speech' && e.payload.interrupted === true ? { unheard: unheardRest(e.payload, country) } : null,
    }));
}

/** What the agent meant to say after the point where the caller interrupted. */
function unheardRest(payload: Record<string, unknown>, country: Parameters<typeof readSpoken>[1]): string {
  const said = typeof payload.said === 'string' ? payload.said : '';
  const heard = typeof payload.text === 'string' ? payload.text : '';
  const rest = said.startsWith(heard) ? said.slice(heard.length) : said;
  return readSpoken(rest.trim(), country);
}

/** The line being heard at `time`: the last one that started at or before it. */
export function currentLineIndex(lines: readonly TranscriptLine[], time: number): number {
  let current = -1;
  for (let i = 0; i < lines.length; i++) {
    if (lines[i]!.offset <= time + 0.05) current = i;
    else break;
  }
  return current;
}

export interface CallTranscriptProps {
  detail: CallDetail;
  /** Where the browser fetches the recording (through the server), when there is one. */
  recordingSrc: string | null;
}

/**
 * The transcript by speaker with times, and the recording in step with it: the line being heard
 * is highlighted, and choosing a line's time plays the recording from there. A live call's
 * transcript grows as the call goes on (the page refetches on live events).
 */
export function CallTranscript({ detail, recordingSrc }: CallTranscriptProps) {
  const lines = React.useMemo(() => transcriptLines(detail), [detail]);
  const audio = React.useRef<HTMLAudioElement>(null);
  const listRef = React.useRef<HTMLOListElement>(null);
  const [time, setTime] = React.useState<number | null>(null);
  const [audioError, setAudioError] = React.useState<string | null>(null);
  const live = detail.call.live;
  const current = time === null ? -1 : currentLineIndex(lines, time);

  // A live call: keep the newest line in view while someone is following along at the bottom.
  const count = lines.length;
  React.useEffect(() => {
    const el = listRef.current;
    if (!live || !el) return;
    const nearBottom = el.scrollHeight - el.scrollTop - el.clientHeight < 120;
    if (nearBottom) el.scrollTop = el.scrollHeight;
  }, [count, live]);

  // While the recording plays, keep the line being heard in view inside the transcript (never
  // by scrolling the page under the listener).
  React.useEffect(() => {
    const list = listRef.current;
    if (!list || current < 0) return;
    const item = list.children[current] as HTMLElement | undefined;
    if (!item) return;
    const top = item.offsetTop - list.offsetTop;
    if (top < list.scrollTop || top + item.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = Math.max(0, top - list.clientHeight / 3);
    }
  }, [current]);

  const seek = (line: TranscriptLine) => {
    const el = audio.current;
    if (!el) return;
    el.currentTime = line.offset;
    setTime(line.offset);
    void el.play().catch(() => undefined);
  };

  const onAudioError = async () => {
    // The <audio> element does not say why; ask the server for its message (502 when the provider is unreachable).
    if (!recordingSrc) return;
    try {
      const res = await fetch(recordingSrc, { headers: { range: 'bytes=0-0' }, credentials: 'same-origin' });
      const body = res.ok ? null : ((await res.json().catch(() => null)) as { error?: { message?: string } } | null);
      setAudioError(body?.error?.message ?? 'The recording could not be played.');
    } catch {
      setAudioError('The recording could not be loaded. Check your connection and try again.');
    }
  };

  return (
    <div className="space-y-4">
      {recordingSrc ? (
        <div className="space-y-2">
          {/* Recordings have no captions of their own: the transcript below is their text alternative. */}
          <audio
            ref={audio}
            controls
            preload="metadata"
            src={recordingSrc}
            className="w-full"
            aria-label="Call recording"
            onTimeUpdate={(e) => setTime(e.currentTarget.currentTime)}
            onSeeked={(e) => setTime(e.currentTarget.currentTime)}
            onError={() => void onAudioError()}
          />
          {audioError ? (
            <Alert variant="warning" title="The recording is not available right now">
              {audioError}
            </Alert>
          ) : (
            <p className="text-xs text-muted-foreground">Choose a time in the transcript to play the recording from there.</p>
          )}
        </div>
      ) : null}

      {lines.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border px-4 py-8 text-center text-sm text-muted-foreground">
          {live ? 'Nobody has spoken yet. The transcript appears here as the call goes on.' : 'Nothing was said on this call.'}
        </p>
      ) : (
        <ol
          ref={listRef}
          aria-labelledby="call-transcript-heading"
          aria-live={live ? 'polite' : undefined}
          aria-relevant={live ? 'additions' : undefined}
          className="max-h-[32rem] space-y-1 overflow-y-auto pr-1"
          tabIndex={0}
        >
          {lines.map((line, i) => {
            const isCurrent = i === current;
            const Icon = line.speaker === 'caller' ? UserRound : Bot;
            return (
              <li
                key={line.seq}
                aria-current={isCurrent ? 'true' : undefined}
                className={cn(
                  'grid grid-cols-[auto_1fr] gap-x-3 rounded-lg px-3 py-2 transition-colors',
                  isCurrent ? 'bg-primary-soft ring-1 ring-primary/40' : line.speaker === 'agent' ? 'bg-muted/60' : '',
                )}
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    'mt-0.5 flex size-7 items-center justify-center rounded-full',
                    line.speaker === 'caller' ? 'bg-info-soft text-info-soft-foreground' : 'bg-primary-soft text-primary',
                  )}
                >
                  <Icon className="size-4" />
                </span>
                <div className="min-w-0">
                  <div className="flex flex-wrap items-baseline gap-x-2 text-xs">
                    <span className="font-semibold text-foreground">{line.speaker === 'caller' ? PARTY_LABELS[detail.call.direction] : 'Agent'}</span>
                    {recordingSrc ? (
                      <button
                        type="button"
                        onClick={() => seek(line)}
                        className="inline-flex items-center gap-1 rounded px-1 font-mono text-muted-foreground underline-offset-2 hover:text-foreground hover:underline"
                      >
                        <Play aria-hidden="true" className="size-3" />
                        <span className="sr-only">Play from </span>
                        {formatOffset(line.offset * 1000)}
                      </button>
                    ) : (
                      <time dateTime={line.at} className="font-mono text-muted-foreground">
                        {formatOffset(line.offset * 1000)}
                      </time>
                    )}
                    {line.confidence !== null && line.confidence < 0.6 ? <span className="text-warning-soft-foreground">unclear speech</span> : null}
                    {line.interrupted ? <span className="font-medium text-warning-soft-foreground">interrupted by the caller</span> : null}
                    {isCurrent ? <span className="sr-only">(playing)</span> : null}
                  </div>
                  <p className="mt-0.5 text-sm leading-relaxed [overflow-wrap:anywhere]">
                    {line.text}
                    {line.interrupted?.unheard ? (
                      <span className="text-muted-foreground line-through decoration-muted-foreground/60">
                        {' '}
                        <span className="sr-only">(not heard: </span>
                        {line.interrupted.unheard}
                        <span className="sr-only">)</span>
                      </span>
                    ) : null}
                  </p>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
