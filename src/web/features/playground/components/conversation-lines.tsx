import * as React from 'react';
import { Bot, UserRound } from 'lucide-react';
import { cn } from '@web/lib/utils';
import type { Speaking } from './use-spoken-reply';

export interface Line {
  key: string;
  speaker: 'caller' | 'agent';
  text: string;
  /** The turn of the chat context this line belongs to. */
  turn: number;
  /** The caller interrupted this line: the part they did not hear. */
  unheard?: string;
}

/** The playground's conversation: each line opens its turn's context; a line being spoken shows what has been heard so far. */
export function ConversationLines({
  ref,
  lines,
  speaking,
  selectedTurn,
  onSelect,
}: {
  ref: React.Ref<HTMLOListElement>;
  lines: Line[];
  speaking: Speaking | null;
  selectedTurn: number | null;
  onSelect: (turn: number) => void;
}) {
  return (
    <ol ref={ref} aria-label="Conversation" aria-live="polite" className="max-h-[28rem] space-y-2 overflow-y-auto rounded-lg border border-border p-3" tabIndex={0}>
      {lines.map((line) => {
        const Icon = line.speaker === 'caller' ? UserRound : Bot;
        return (
          <li key={line.key} className={cn('flex gap-2', line.speaker === 'caller' ? 'flex-row-reverse text-right' : '')}>
            <Icon aria-hidden="true" className="mt-1 size-4 shrink-0 text-muted-foreground" />
            <button
              type="button"
              onClick={() => onSelect(line.turn)}
              aria-pressed={selectedTurn === line.turn}
              className={cn(
                'max-w-[85%] rounded-lg px-3 py-2 text-left text-sm [overflow-wrap:anywhere]',
                line.speaker === 'caller' ? 'bg-info-soft text-info-soft-foreground' : 'bg-muted',
                selectedTurn === line.turn && 'ring-2 ring-primary/50',
              )}
            >
              <span className="sr-only">{line.speaker === 'caller' ? 'You' : 'Agent'}: </span>
              {speaking?.key === line.key ? speaking.words.slice(0, speaking.shown).join(' ') || <AnswerComing /> : line.text}
              {line.unheard ? (
                <span className="text-muted-foreground line-through">
                  {' '}
                  <span className="sr-only">(interrupted; not heard: </span>
                  {line.unheard}
                  <span className="sr-only">)</span>
                </span>
              ) : null}
              <span className="sr-only"> (show the context of this turn)</span>
            </button>
          </li>
        );
      })}
    </ol>
  );
}

function AnswerComing() {
  return (
    <>
      <span aria-hidden="true">…</span>
      <span className="sr-only">The agent is answering</span>
    </>
  );
}
