import * as React from 'react';
import { ExternalLink, Hand, MicOff, PhoneCall, PhoneOff, Send } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { TransferResult, type SimulatedCallEvent } from '@contracts/simulator';
import { buildChatContext } from '@domain/calls/chat-context';
import { MAX_UTTERANCE } from '@domain/calls/vocabulary';
import { ChatTurnCard } from '@web/components/chat-context/chat-turn';
import { FormErrorAlert } from '@web/components/form-error-alert';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Select } from '@web/components/ui/select';
import { callPaths } from '@web/lib/call-paths';
import { useSignedInSession } from '@web/lib/use-signed-in-session';
import { cn } from '@web/lib/utils';
import { useHangUp, useInterruptAgent, useSayAsCaller, useSayAsCallerStreamed, useStartSimulatedCall } from '../api/simulator';
import { ConversationLines, type Line } from './conversation-lines';
import { useSpokenReply } from './use-spoken-reply';

interface OnCall {
  callId: string;
  organizationId: string;
  ended: boolean;
  events: SimulatedCallEvent[];
  lines: Line[];
}

const TRANSFER_LABELS: Record<TransferResult, string> = {
  completed: 'Someone answers',
  'no-answer': 'Nobody answers',
  busy: 'The line is busy',
  failed: 'The transfer fails',
};

/**
 * Developer → Playground: talk to the agent as a caller, by typing. The simulator drives the
 * very same pipeline as a phone call, so each conversation is a real call (in /calls), and the
 * brain's context of every turn is shown beside the conversation.
 */
export function PlaygroundTab() {
  const { organizations } = useSignedInSession();
  const [searchParams] = useSearchParams();
  const fromCall = searchParams.get('fromCall');
  const wanted = searchParams.get('org');
  const [organizationId, setOrganizationId] = React.useState(() => organizations.find((o) => o.id === wanted)?.id ?? organizations[0]?.id ?? '');
  const [from, setFrom] = React.useState('');
  const [call, setCall] = React.useState<OnCall | null>(null);
  const [text, setText] = React.useState('');
  const [transferResult, setTransferResult] = React.useState<TransferResult>('completed');
  const [selectedTurn, setSelectedTurn] = React.useState<number | null>(null);
  const input = React.useRef<HTMLInputElement>(null);
  const conversation = React.useRef<HTMLOListElement>(null);
  const start = useStartSimulatedCall();
  const say = useSayAsCaller();
  const hangUp = useHangUp();
  const interrupt = useInterruptAgent();
  const sayLive = useSayAsCallerStreamed();
  const [realTime, setRealTime] = React.useState(false);
  const spoken = useSpokenReply();
  const speaking = spoken.speaking;
  /** Cut off while the reply was still arriving: the interrupt is sent once the turn is stored. */
  const pendingCut = React.useRef<{ key: string; heard: string } | null>(null);

  const speak = (key: string, text: string) => (realTime ? spoken.say(key, text) : spoken.stop());

  const markCut = (key: string, heard: string, full: string) => {
    const rest = full.split(/\s+/).filter(Boolean).slice(heard.split(/\s+/).filter(Boolean).length).join(' ');
    interrupt.mutate(
      { callId: call!.callId, heard },
      { onSuccess: () => setCall((c) => (c ? { ...c, lines: c.lines.map((l) => (l.key === key ? { ...l, text: heard, unheard: rest } : l)) } : c)) },
    );
  };

  const cutOff = () => {
    if (!call) return;
    const s = spoken.stop();
    if (!s) return;
    const heard = s.words.slice(0, s.shown).join(' ');
    if (s.arriving) pendingCut.current = { key: s.key, heard };
    else markCut(s.key, heard, s.words.join(' '));
  };

  // Keep the newest line in view.
  const lineCount = call?.lines.length ?? 0;
  React.useEffect(() => {
    const el = conversation.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [lineCount]);

  const events = call?.events;
  const context = React.useMemo(() => buildChatContext(events ?? []), [events]);
  const turn = context.turns[selectedTurn ?? context.turns.length - 1] ?? null;

  const begin = (event: React.FormEvent) => {
    event.preventDefault();
    if (!organizationId) return;
    start.mutate(
      { organizationId, from: from.trim() || undefined },
      {
        onSuccess: (started) => {
          setCall({
            callId: started.callId,
            organizationId: started.organizationId,
            ended: started.ended,
            events: started.events,
            lines: started.agentText ? [{ key: 'greeting', speaker: 'agent', text: started.agentText, turn: 0 }] : [],
          });
          if (started.agentText) speak('greeting', started.agentText);
          setSelectedTurn(null);
          requestAnimationFrame(() => input.current?.focus());
        },
      },
    );
  };

  /** Real time: the reply is shown as the server streams it, at a speaking pace. */
  const sendLive = (said: string) => {
    if (!call || call.ended || sayLive.isPending) return;
    const key = `live${call.lines.length}`;
    const setLines = (update: (lines: Line[]) => Line[]) => setCall((c) => (c ? { ...c, lines: update(c.lines) } : c));
    setLines((lines) => [...lines, { key: `${key}c`, speaker: 'caller', text: said || '(silence)', turn: -1 }, { key, speaker: 'agent', text: '', turn: -1 }]);
    pendingCut.current = null;
    spoken.begin(key);
    sayLive.mutate(
      {
        callId: call.callId,
        text: said,
        transferResult,
        onSentence: (sentence) => {
          spoken.add(key, sentence);
          if (pendingCut.current?.key !== key) setLines((lines) => lines.map((l) => (l.key === key ? { ...l, text: l.text ? `${l.text} ${sentence}` : sentence } : l)));
        },
      },
      {
        onSuccess: (result) => {
          setCall((c) => {
            if (!c) return c;
            const events = [...c.events, ...result.events];
            const turnIndex = buildChatContext(events).turns.length - 1;
            const lines = c.lines
              .filter((l) => l.key !== key || result.agentText)
              .map((l) => (l.key === key ? { ...l, text: result.agentText, turn: turnIndex } : l.key === `${key}c` ? { ...l, turn: turnIndex } : l));
            return { ...c, events, lines, ended: result.ended };
          });
          spoken.finish(key);
          const cut = pendingCut.current;
          pendingCut.current = null;
          if (cut?.key === key) markCut(key, cut.heard, result.agentText);
          setText('');
          setSelectedTurn(null);
          input.current?.focus();
        },
        onError: () => {
          spoken.stop();
          setLines((lines) => lines.filter((l) => l.key !== key && l.key !== `${key}c`));
        },
      },
    );
  };

  const send = (spoken: string) => {
    if (realTime) return sendLive(spoken);
    if (!call || call.ended || say.isPending) return;
    say.mutate(
      { callId: call.callId, text: spoken, transferResult },
      {
        onSuccess: (result) => {
          setCall((c) => {
            if (!c) return c;
            const events = [...c.events, ...result.events];
            const turnIndex = buildChatContext(events).turns.length - 1;
            const lines: Line[] = [...c.lines, { key: `c${events.length}`, speaker: 'caller', text: spoken || '(silence)', turn: turnIndex }];
            if (result.agentText) lines.push({ key: `a${events.length}`, speaker: 'agent', text: result.agentText, turn: turnIndex });
            return { ...c, events, lines, ended: result.ended };
          });
          if (result.agentText && !result.ended) speak(`a${call.events.length + result.events.length}`, result.agentText);
          setText('');
          setSelectedTurn(null);
          input.current?.focus();
        },
      },
    );
  };

  const end = () => {
    if (!call) return;
    hangUp.mutate(call.callId, { onSuccess: (result) => setCall((c) => (c ? { ...c, ended: true, events: [...c.events, ...result.events] } : c)) });
  };

  if (organizations.length === 0) {
    return <Alert variant="neutral">You are not in any organization yet, so there is no agent to talk to.</Alert>;
  }

  return (
    <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle as="h2">Conversation</CardTitle>
          <CardDescription>
            Type what a caller would say. It runs through the same pipeline as a phone call, and makes a real call record.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {fromCall && !call ? (
            <Alert variant="info">
              Opened from a call.{' '}
              <Link to={callPaths.chatContext.href(fromCall)}>See its chat context</Link> and replay the caller's words here.
            </Alert>
          ) : null}
          {!call ? (
            <form onSubmit={begin} className="space-y-4" noValidate>
              {start.error ? <FormErrorAlert error={start.error} title="The call could not start" /> : null}
              <FormField label="Organization" required description="The agent answers in its name, with its hours and settings.">
                <Select value={organizationId} onChange={(e) => setOrganizationId(e.target.value)}>
                  {organizations.map((o) => (
                    <option key={o.id} value={o.id}>
                      {o.name}
                    </option>
                  ))}
                </Select>
              </FormField>
              <FormField label="Caller's number" description="Optional; a fictional number is used when empty.">
                <Input type="tel" inputMode="tel" autoComplete="off" placeholder="(860) 555-0142" maxLength={40} value={from} onChange={(e) => setFrom(e.target.value)} />
              </FormField>
              <FormField label="How the agent's replies are heard" description="Real time: each sentence as soon as the server has it (an LLM's as the model writes), at a speaking pace, as on a ConversationRelay call, so you can interrupt.">
                <Select value={realTime ? 'relay' : 'gather'} onChange={(e) => setRealTime(e.target.value === 'relay')}>
                  <option value="gather">All at once</option>
                  <option value="relay">In real time (you can interrupt)</option>
                </Select>
              </FormField>
              <Button type="submit" loading={start.isPending}>
                <PhoneCall aria-hidden="true" />
                Start call
              </Button>
            </form>
          ) : (
            <>
              <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <span className={cn('font-medium', call.ended ? 'text-muted-foreground' : 'text-success')}>{call.ended ? 'The call has ended' : 'On the call'}</span>
                <Link to={callPaths.call.href(call.callId)} className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline">
                  Open the call record
                  <ExternalLink aria-hidden="true" className="size-3.5" />
                </Link>
              </div>
              <ConversationLines ref={conversation} lines={call.lines} speaking={speaking} selectedTurn={turn?.index ?? null} onSelect={setSelectedTurn} />
              {say.error ? <FormErrorAlert error={say.error} /> : null}
              {sayLive.error ? <FormErrorAlert error={sayLive.error} /> : null}
              {hangUp.error ? <FormErrorAlert error={hangUp.error} /> : null}
              {interrupt.error ? <FormErrorAlert error={interrupt.error} /> : null}
              {speaking && !call.ended ? (
                <Button variant="outline" onClick={cutOff}>
                  <Hand aria-hidden="true" />
                  Interrupt
                </Button>
              ) : null}
              {call.ended ? (
                <div className="flex flex-wrap gap-2">
                  <Button asChild>
                    <Link to={callPaths.call.href(call.callId)}>Open the call record</Link>
                  </Button>
                  <Button
                    variant="outline"
                    onClick={() => {
                      setCall(null);
                      start.reset();
                      say.reset();
                      sayLive.reset();
                    }}
                  >
                    Start another call
                  </Button>
                </div>
              ) : (
                <form
                  className="space-y-3"
                  onSubmit={(e) => {
                    e.preventDefault();
                    if (text.trim()) send(text.trim());
                  }}
                >
                  <FormField label="What the caller says">
                    <Input ref={input} autoComplete="off" maxLength={MAX_UTTERANCE} value={text} onChange={(e) => setText(e.target.value)} placeholder="I'd like to book a cleaning next week." />
                  </FormField>
                  <div className="flex flex-wrap gap-2">
                    <Button type="submit" loading={say.isPending || sayLive.isPending} disabled={!text.trim()}>
                      <Send aria-hidden="true" />
                      Say it
                    </Button>
                    <Button variant="outline" onClick={() => send('')} disabled={say.isPending || sayLive.isPending}>
                      <MicOff aria-hidden="true" />
                      Stay silent
                    </Button>
                    <Button variant="destructive" onClick={end} loading={hangUp.isPending}>
                      <PhoneOff aria-hidden="true" />
                      Hang up
                    </Button>
                  </div>
                  <FormField label="If the agent transfers the call" description="No phone rings in the simulator; choose what happens.">
                    <Select value={transferResult} onChange={(e) => setTransferResult(e.target.value as TransferResult)}>
                      {TransferResult.options.map((r) => (
                        <option key={r} value={r}>
                          {TRANSFER_LABELS[r]}
                        </option>
                      ))}
                    </Select>
                  </FormField>
                </form>
              )}
            </>
          )}
        </CardContent>
      </Card>

      <section aria-labelledby="playground-context-heading" className="min-w-0 space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="playground-context-heading" className="text-base font-semibold">
            Context of {turn ? (turn.callerText === null ? 'the greeting' : `turn ${turn.index}`) : 'each turn'}
          </h2>
          {context.turns.length > 1 ? (
            <div className="flex items-center gap-2">
              <label htmlFor="playground-turn" className="text-sm text-muted-foreground">
                Turn
              </label>
              <Select id="playground-turn" className="w-32" value={String(turn?.index ?? '')} onChange={(e) => setSelectedTurn(Number(e.target.value))}>
                {context.turns.map((t) => (
                  <option key={t.index} value={t.index}>
                    {t.callerText === null ? 'Greeting' : `Turn ${t.index}`}
                  </option>
                ))}
              </Select>
            </div>
          ) : null}
        </div>
        {turn ? (
          <ChatTurnCard turn={turn} headingLevel="h3" />
        ) : (
          <p className="rounded-xl border border-dashed border-border bg-card px-4 py-10 text-center text-sm text-muted-foreground">
            Start a call: what the brain sees and decides on each turn shows here — intent and slots for the built-in brain; messages, tools and tokens for the LLM.
          </p>
        )}
      </section>
    </div>
  );
}
