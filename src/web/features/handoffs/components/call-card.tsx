import { formatPhone } from '@web/lib/format-phone';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { formatDateTime, type Practice } from '@web/lib/format-date';
import type { HandoffDetail } from '@contracts/handoffs';
import { PARTY_LABELS } from '@web/lib/call-labels';

/** The call the handoff came from: a transcript excerpt, and a link to the whole call. */
export function CallCard({ call, practice }: { call: NonNullable<HandoffDetail['call']>; practice?: Practice }) {
  const more = call.turnCount - call.excerpt.length;
  return (
    <Card>
      <CardHeader>
        <CardTitle>The call</CardTitle>
        <CardDescription>
          {call.direction === 'inbound' ? `From ${formatPhone(call.fromNumber, practice?.country)}` : `To ${formatPhone(call.toNumber, practice?.country)}`}, {formatDateTime(call.startedAt, { practice })}
          {call.durationSeconds ? ` · ${Math.max(1, Math.round(call.durationSeconds / 60))} min` : ''}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {call.summary ? <p className="text-sm [overflow-wrap:anywhere]">{call.summary}</p> : null}
        {call.excerpt.length ? (
          <ol aria-label="Transcript excerpt" className="space-y-2">
            {call.excerpt.map((turn, i) => (
              <li key={i} className={turn.speaker === 'caller' ? 'pr-8' : 'pl-8'}>
                <p className={`rounded-lg px-3 py-2 text-sm [overflow-wrap:anywhere] ${turn.speaker === 'caller' ? 'bg-muted' : 'bg-primary-soft text-primary-soft-foreground'}`}>
                  <span className="block text-xs font-semibold">{turn.speaker === 'caller' ? (call.direction === 'outbound' ? PARTY_LABELS.outbound : PARTY_LABELS.inbound) : 'Agent'}</span>
                  {turn.text}
                </p>
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-sm text-muted-foreground">No transcript for this call.</p>
        )}
        <Link to={`/calls/${call.id}`} className="inline-flex items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline">
          {more > 0 ? `Open the whole call (${more} more turns)` : 'Open the call'}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </CardContent>
    </Card>
  );
}
