import { ArrowRightLeft, Bot, BrainCircuit, CircleAlert, UserRound, Wrench } from 'lucide-react';
import { Badge } from '@web/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { formatDateTime, type Practice } from '@web/lib/format-date';
import type { ChatStep, ChatTurn } from '@domain/calls/chat-context';
import { readableKey, readableValue } from '@web/lib/readable';
import { Disclosure, JsonBlock } from './json-block';

/** Fields of an object, one per line, in words (the built-in brain's slots and decision). */
function Fields({ value, label, practice }: { value: unknown; label: string; practice?: Practice }) {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return <span>{readableValue(value, practice)}</span>;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined && v !== null && v !== '');
  return (
    <dl aria-label={label} className="grid grid-cols-[minmax(6rem,auto)_1fr] gap-x-3 gap-y-0.5">
      {entries.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-muted-foreground">{readableKey(k)}</dt>
          <dd className="[overflow-wrap:anywhere]">{readableValue(v, practice)}</dd>
        </div>
      ))}
    </dl>
  );
}

interface Message {
  role?: string;
  content?: unknown;
  tool_calls?: unknown;
  name?: string;
}

function Messages({ messages, turn }: { messages: unknown; turn: number }) {
  if (!Array.isArray(messages)) return <JsonBlock value={messages} label={`Messages of turn ${turn}`} />;
  return (
    <ol className="space-y-2">
      {(messages as Message[]).map((m, i) => (
        <li key={i} className="rounded-md border border-border p-2">
          <Badge variant={m.role === 'system' ? 'warning' : m.role === 'user' ? 'info' : m.role === 'tool' ? 'neutral' : 'default'}>{m.role ?? 'message'}</Badge>
          {m.name ? <span className="ml-2 font-mono text-xs">{m.name}</span> : null}
          {typeof m.content === 'string' ? (
            <p className="mt-1 whitespace-pre-wrap text-sm [overflow-wrap:anywhere]">{m.content}</p>
          ) : m.content !== undefined && m.content !== null ? (
            <JsonBlock className="mt-1" value={m.content} label={`Message ${i + 1} content`} />
          ) : null}
          {m.tool_calls ? <JsonBlock className="mt-1" value={m.tool_calls} label={`Message ${i + 1} tool calls`} /> : null}
        </li>
      ))}
    </ol>
  );
}

const has = (v: unknown) => v !== null && v !== undefined && !(typeof v === 'object' && Object.keys(v as object).length === 0);

function Step({ step, turn, practice }: { step: ChatStep; turn: number; practice?: Practice }) {
  switch (step.kind) {
    case 'model_request': {
      const llm = step.brain === 'llm';
      return (
        <div className="space-y-2">
          <div className="flex flex-wrap items-center gap-2">
            <BrainCircuit aria-hidden="true" className="size-4 text-primary" />
            <span className="font-medium">{llm ? `LLM request${step.model ? ` · ${step.model}` : ''}` : 'Built-in brain decided'}</span>
            {step.latencyMs !== null ? <Badge variant="neutral">{Math.round(step.latencyMs)} ms</Badge> : null}
            {llm && (step.promptTokens !== null || step.completionTokens !== null) ? (
              <Badge variant="neutral">
                {step.promptTokens ?? 0} prompt + {step.completionTokens ?? 0} completion tokens
              </Badge>
            ) : null}
            {step.fellBackToBuiltin ? <Badge variant="warning">Fell back to the built-in brain</Badge> : null}
          </div>
          {step.intent || has(step.slots) || has(step.decision) ? (
            <dl className="grid gap-2 text-sm sm:grid-cols-[8rem_1fr]">
              {step.intent ? (
                <>
                  <dt className="text-muted-foreground">Intent</dt>
                  <dd>{readableKey(step.intent)}</dd>
                </>
              ) : null}
              {has(step.slots) ? (
                <>
                  <dt className="text-muted-foreground">{llm ? 'Slots' : 'Details understood'}</dt>
                  <dd>{llm ? <JsonBlock value={step.slots} label={`Slots, turn ${turn}`} /> : <Fields value={step.slots} label={`Details understood, turn ${turn}`} practice={practice} />}</dd>
                </>
              ) : null}
              {has(step.decision) ? (
                <>
                  <dt className="text-muted-foreground">Decision</dt>
                  <dd>{llm ? <JsonBlock value={step.decision} label={`Decision, turn ${turn}`} /> : <Fields value={step.decision} label={`Decision, turn ${turn}`} practice={practice} />}</dd>
                </>
              ) : null}
            </dl>
          ) : null}
          {has(step.messages) ? (
            <Disclosure summary={`Messages sent (${Array.isArray(step.messages) ? step.messages.length : 1})`}>
              <Messages messages={step.messages} turn={turn} />
            </Disclosure>
          ) : null}
          {has(step.tools) ? (
            <Disclosure summary={`Tool definitions (${Array.isArray(step.tools) ? step.tools.length : 1})`}>
              <JsonBlock value={step.tools} label={`Tool definitions, turn ${turn}`} />
            </Disclosure>
          ) : null}
          {has(step.response) ? (
            <Disclosure summary="Response">
              <JsonBlock value={step.response} label={`Model response, turn ${turn}`} />
            </Disclosure>
          ) : null}
        </div>
      );
    }
    case 'tool_call':
      return (
        <div className="space-y-1">
          <div className="flex items-center gap-2">
            <Wrench aria-hidden="true" className="size-4 text-muted-foreground" />
            <span className="font-medium">
              Tool call <code className="font-mono">{step.name}</code>
            </span>
          </div>
          {has(step.arguments) ? <JsonBlock value={step.arguments} label={`Arguments of ${step.name}`} /> : <p className="text-sm text-muted-foreground">No arguments.</p>}
        </div>
      );
    case 'tool_result':
      return (
        <div className="space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <Wrench aria-hidden="true" className="size-4 text-muted-foreground" />
            <span className="font-medium">
              Tool result <code className="font-mono">{step.name}</code>
            </span>
            {step.ok === false ? <Badge variant="destructive">Failed</Badge> : step.ok ? <Badge variant="success">OK</Badge> : null}
            {step.latencyMs !== null ? <Badge variant="neutral">{Math.round(step.latencyMs)} ms</Badge> : null}
          </div>
          <JsonBlock value={step.result} label={`Result of ${step.name}`} />
        </div>
      );
    case 'transfer':
      return (
        <div className="space-y-1">
          <div className="flex items-center gap-2">
            <ArrowRightLeft aria-hidden="true" className="size-4 text-muted-foreground" />
            <span className="font-medium">Transfer</span>
          </div>
          <JsonBlock value={{ target: step.target, result: step.result }} label="Transfer" />
        </div>
      );
    case 'error':
      return (
        <div className="space-y-1">
          <div className="flex items-center gap-2 text-destructive">
            <CircleAlert aria-hidden="true" className="size-4" />
            <span className="font-medium">Error</span>
          </div>
          <JsonBlock value={step.payload} label="Error" />
        </div>
      );
  }
}

/** One turn: what the caller said, what the brain saw and decided, and what the agent said back. */
/** `party`: how the person on the line is named ("Caller"; "Person called" on an outbound call); `practice` the conventions its times are shown in. */
export function ChatTurnCard({ turn, headingLevel = 'h2', party = 'Caller', practice }: { turn: ChatTurn; headingLevel?: 'h2' | 'h3'; party?: string; practice?: Practice }) {
  const title = turn.callerText === null ? 'Greeting' : `Turn ${turn.index}`;
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-baseline justify-between gap-2">
        <CardTitle as={headingLevel}>{title}</CardTitle>
        <span className="text-xs text-muted-foreground">
          <time dateTime={turn.at}>{formatDateTime(turn.at, { seconds: true, practice })}</time>
          {turn.latencyMs !== null ? ` · ${Math.round(turn.latencyMs)} ms` : ''}
          {turn.promptTokens + turn.completionTokens > 0 ? ` · ${turn.promptTokens + turn.completionTokens} tokens` : ''}
        </span>
      </CardHeader>
      <CardContent className="space-y-4">
        {turn.callerText !== null ? (
          <div className="flex gap-2">
            <UserRound aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-info-soft-foreground" />
            <p className="text-sm">
              <span className="font-semibold">{party}: </span>
              <q className="[overflow-wrap:anywhere]">{turn.callerText}</q>
              {turn.callerConfidence !== null ? <span className="ml-2 text-xs text-muted-foreground">confidence {Math.round(turn.callerConfidence * 100)} %</span> : null}
            </p>
          </div>
        ) : null}
        {turn.steps.length ? (
          <ol className="space-y-4 border-l-2 border-border pl-4">
            {turn.steps.map((s) => (
              <li key={s.seq}>
                <Step step={s} turn={turn.index} practice={practice} />
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-sm text-muted-foreground">No model request or tool call in this turn.</p>
        )}
        {turn.agentText ? (
          <div className="flex gap-2">
            <Bot aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            <p className="text-sm">
              <span className="font-semibold">Agent: </span>
              <q className="[overflow-wrap:anywhere]">{turn.agentText}</q>
            </p>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
