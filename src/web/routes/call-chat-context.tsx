import { ArrowLeft, CloudOff, FileQuestion, FlaskConical, MessagesSquare } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { can } from '@domain/auth/permissions';
import { CopyButton } from '@web/components/copy-button';
import { DocumentTitle } from '@web/components/document-title';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { PageHeader } from '@web/components/ui/page-header';
import { LoadingBlock } from '@web/components/ui/spinner';
import { chatContextQueryKey, useChatContext } from '@web/features/calls/api/get-chat-context';
import { LiveBadge } from '@web/features/calls/components/call-badges';
import { CallTitle } from '@web/features/calls/components/call-header';
import { ChatTurnCard } from '@web/components/chat-context/chat-turn';
import { Disclosure } from '@web/components/chat-context/json-block';
import { formatPhone } from '@web/features/calls/format';
import { PARTY_LABELS } from '@web/lib/call-labels';
import { callPaths } from '@web/lib/call-paths';
import { useLiveInvalidation } from '@web/lib/use-live-invalidation';
import { playgroundHref } from '@web/features/playground/paths';
import { usePractices } from '@web/lib/use-practice';
import { useSignedInSession } from '@web/lib/use-signed-in-session';
import { errorMessage, isApiError } from '@web/lib/api';
import { formatDateTime } from '@web/lib/format-date';

const LIVE_TOPICS = ['calls'] as const;

/** /calls/:id/chat-context — what the agent's brain saw and decided, turn by turn. */
export function CallChatContextRoute() {
  const { id = '' } = useParams();
  const { user } = useSignedInSession();
  const practiceOf = usePractices();
  const context = useChatContext(id);
  useLiveInvalidation(LIVE_TOPICS, (event) => (event.id === id ? [chatContextQueryKey(id)] : null), 1000);

  if (context.isPending) return <LoadingBlock label="Loading the chat context…" />;
  if (context.isError) {
    const missing = isApiError(context.error) && (context.error.status === 404 || context.error.status === 400);
    return (
      <>
        <DocumentTitle title={missing ? 'Call not found' : 'Chat context'} />
        <EmptyState
          headingLevel="h1"
          icon={missing ? FileQuestion : CloudOff}
          title={missing ? 'Call not found' : 'The chat context could not be loaded'}
          description={missing ? 'There is no call at this address in your organizations.' : errorMessage(context.error)}
          action={
            missing ? (
              <Button asChild>
                <Link to={callPaths.calls.href()}>Go to all calls</Link>
              </Button>
            ) : (
              <Button onClick={() => void context.refetch()} loading={context.isFetching}>
                Try again
              </Button>
            )
          }
        />
      </>
    );
  }

  const data = context.data;
  const c = data.call;
  const t = data.totals;
  const practice = practiceOf(c.organizationId);
  const party = PARTY_LABELS[c.direction];
  return (
    <>
      <DocumentTitle title="Chat context" />
      <PageHeader
        eyebrow={
          <Link to={callPaths.call.href(c.id)} className="inline-flex items-center gap-1 underline-offset-4 hover:underline">
            <ArrowLeft aria-hidden="true" className="size-4" />
            <span>
              <CallTitle direction={c.direction} number={formatPhone(c.contactNumber, practice?.country)} />
            </span>
          </Link>
        }
        title={
          <span className="inline-flex flex-wrap items-center gap-3">
            Chat context {c.live ? <LiveBadge /> : null}
          </span>
        }
        description={`${c.organizationName} · ${formatDateTime(c.startedAt, { practice })} · ${c.brain === 'llm' ? 'LLM brain' : 'built-in brain'}`}
        actions={
          <>
            <CopyButton value={JSON.stringify(data, null, 2)} label="Copy as JSON" aria-label="Copy the whole chat context as JSON" size="default" />
            {can(user.role, 'developer.access') ? (
              <Button variant="outline" asChild>
                <Link to={playgroundHref({ organizationId: c.organizationId, fromCall: c.id })}>
                  <FlaskConical aria-hidden="true" />
                  Open in playground
                </Link>
              </Button>
            ) : null}
          </>
        }
      />

      <div className="space-y-6">
        <Card>
          <CardHeader>
            <CardTitle>In total</CardTitle>
            <CardDescription>
              {t.modelRequests > 0
                ? "Latency is the time spent waiting for the brain; tokens are the language model's prompt and completion tokens."
                : 'The built-in brain answered this call: it understands each turn (intent and details) and decides what to do without a language model, so there are no model requests or tokens.'}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
              {(
                [
                  [`${party} turns`, t.turns],
                  t.builtinDecisions > 0 ? ['Built-in decisions', t.builtinDecisions] : null,
                  t.modelRequests > 0 ? ['Model requests', t.modelRequests] : null,
                  ['Tool calls', t.toolCalls],
                  t.modelRequests > 0 ? ['Prompt tokens', t.promptTokens] : null,
                  t.modelRequests > 0 ? ['Completion tokens', t.completionTokens] : null,
                  ['Brain latency', `${Math.round(t.latencyMs).toLocaleString()} ms`],
                ].filter((x): x is [string, string | number] => x !== null)
              ).map(([label, value]) => (
                <div key={label as string}>
                  <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
                  <dd className="mt-0.5 text-lg font-semibold tabular-nums">{typeof value === 'number' ? value.toLocaleString() : value}</dd>
                </div>
              ))}
            </dl>
            {data.systemPrompt ? (
              <div className="mt-4">
                <Disclosure summary="System prompt">
                  <p className="whitespace-pre-wrap text-sm [overflow-wrap:anywhere]">{data.systemPrompt}</p>
                </Disclosure>
              </div>
            ) : null}
          </CardContent>
        </Card>

        {data.turns.length === 0 ? (
          <EmptyState
            icon={MessagesSquare}
            title="No turns yet"
            description={c.live ? 'The call has just started; turns appear here as they happen.' : 'The agent did not get to a turn on this call.'}
          />
        ) : (
          data.turns.map((turn) => <ChatTurnCard key={`${turn.index}-${turn.at}`} turn={turn} party={party} practice={practice} />)
        )}
      </div>
    </>
  );
}

export { CallChatContextRoute as Component };
