import * as React from 'react';
import { ArrowLeft, BrainCircuit, CloudOff, FileQuestion, Flag, Inbox, NotebookPen, PhoneOutgoing } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { can } from '@domain/auth/permissions';
import { DocumentTitle } from '@web/components/document-title';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { PageHeader } from '@web/components/ui/page-header';
import { LoadingBlock } from '@web/components/ui/spinner';
import { callQueryKey, useCall } from '@web/features/calls/api/get-call';
import { CreateHandoffDialog, SetOutcomeDialog } from '@web/features/calls/components/call-action-dialogs';
import { CallFacts, CallTitle, callTitleText } from '@web/features/calls/components/call-header';
import { CallNotes } from '@web/features/calls/components/call-notes';
import { CallTimeline } from '@web/features/calls/components/call-timeline';
import { CallTranscript } from '@web/features/calls/components/call-transcript';
import { LinkedAppointmentRequests, LinkedHandoffs } from '@web/features/calls/components/linked-records';
import { formatPhone } from '@web/features/calls/format';
import { callPaths } from '@web/lib/call-paths';
import { useLiveInvalidation } from '@web/lib/use-live-invalidation';
import { handoffPaths } from '@web/lib/handoff-paths';
import { usePractice } from '@web/lib/use-practice';
import { useSignedInSession } from '@web/lib/use-signed-in-session';
import { errorMessage, isApiError } from '@web/lib/api';

const LIVE_TOPICS = ['calls'] as const;
const NOTE_BOX_ID = 'call-note-text';

/** /calls/:id — one call: facts, recording and transcript, timeline, linked work, notes and actions. */
export function CallDetailRoute() {
  const { id = '' } = useParams();
  const call = useCall(id);
  useLiveInvalidation(LIVE_TOPICS, (event) => (event.id === id ? [callQueryKey(id)] : null), 1000);

  if (call.isPending) return <LoadingBlock label="Loading the call…" />;
  if (call.isError) {
    if (isApiError(call.error) && (call.error.status === 404 || call.error.status === 400)) return <CallNotFound />;
    return (
      <>
        <DocumentTitle title="Call" />
        <EmptyState
          headingLevel="h1"
          icon={CloudOff}
          title="This call could not be loaded"
          description={errorMessage(call.error)}
          action={
            <Button onClick={() => void call.refetch()} loading={call.isFetching}>
              Try again
            </Button>
          }
        />
      </>
    );
  }
  return <CallPage detail={call.data} />;
}

function CallNotFound() {
  return (
    <>
      <DocumentTitle title="Call not found" />
      <EmptyState
        headingLevel="h1"
        icon={FileQuestion}
        title="Call not found"
        description="There is no call at this address in your organizations. The link may be mistyped, or the call may belong to a practice you do not work for."
        action={
          <Button asChild>
            <Link to={callPaths.calls.href()}>Go to all calls</Link>
          </Button>
        }
      />
    </>
  );
}

function CallPage({ detail }: { detail: NonNullable<ReturnType<typeof useCall>['data']> }) {
  const { user } = useSignedInSession();
  const canWrite = can(user.role, 'calls.write');
  const c = detail.call;
  const practice = usePractice(c.organizationId);
  const [dialog, setDialog] = React.useState<'handoff' | 'outcome' | null>(null);
  const who = formatPhone(c.contactNumber, practice?.country);

  return (
    <>
      <DocumentTitle title={callTitleText(c.direction, who)} />
      <PageHeader
        eyebrow={
          <Link to={callPaths.calls.href()} className="inline-flex items-center gap-1 underline-offset-4 hover:underline">
            <ArrowLeft aria-hidden="true" className="size-4" />
            Calls
          </Link>
        }
        title={<CallTitle direction={c.direction} number={who} />}
        description={c.summary ?? (c.live ? 'This call is going on now; the transcript grows as it does.' : 'No summary for this call.')}
        actions={
          <>
            <Button variant="outline" asChild>
              <Link to={callPaths.chatContext.href(c.id)}>
                <BrainCircuit aria-hidden="true" />
                Chat context
              </Link>
            </Button>
            {canWrite ? (
              <>
                <Button variant="outline" asChild>
                  <a href={`tel:${c.contactNumber}`}>
                    <PhoneOutgoing aria-hidden="true" />
                    Call back
                  </a>
                </Button>
                <Button variant="outline" onClick={() => setDialog('outcome')}>
                  <Flag aria-hidden="true" />
                  Set outcome
                </Button>
                <Button
                  variant="outline"
                  onClick={() => {
                    const box = document.getElementById(NOTE_BOX_ID);
                    box?.scrollIntoView({ block: 'center', behavior: 'smooth' });
                    box?.focus({ preventScroll: true });
                  }}
                >
                  <NotebookPen aria-hidden="true" />
                  Add note
                </Button>
                <Button onClick={() => setDialog('handoff')}>
                  <Inbox aria-hidden="true" />
                  Create handoff
                </Button>
              </>
            ) : null}
          </>
        }
      />

      <div className="space-y-6">
        {c.outcome === 'emergency' ? (
          <Alert variant="destructive" title="Emergency">
            The agent recognised an emergency on this call and gave the emergency message.
          </Alert>
        ) : null}
        <Card>
          <CardHeader>
            <CardTitle>Details</CardTitle>
          </CardHeader>
          <CardContent>
            <CallFacts detail={detail} />
          </CardContent>
        </Card>

        <div className="grid gap-6 lg:grid-cols-3 lg:items-start">
          <div className="min-w-0 space-y-6 lg:col-span-2">
            <Card>
              <CardHeader>
                <CardTitle id="call-transcript-heading">{c.recording ? 'Recording and transcript' : 'Transcript'}</CardTitle>
                <CardDescription>
                  {c.recording
                    ? 'The line being heard is highlighted.'
                    : c.provider === 'simulator'
                      ? 'A simulated call: typed, not recorded.'
                      : 'No recording was kept for this call.'}
                </CardDescription>
              </CardHeader>
              <CardContent>
                <CallTranscript detail={detail} recordingSrc={c.recording?.url ?? null} />
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle id="call-timeline-heading">Timeline</CardTitle>
                <CardDescription>Status changes, the agent's decisions, tool calls, transfers and notes, timed from the start of the call.</CardDescription>
              </CardHeader>
              <CardContent>
                <CallTimeline events={detail.events} startedAt={c.startedAt} practice={practice} />
              </CardContent>
            </Card>
          </div>
          <div className="min-w-0 space-y-6">
            <Card>
              <CardHeader>
                <CardTitle>Handoffs</CardTitle>
              </CardHeader>
              <CardContent>
                <LinkedHandoffs handoffs={detail.handoffs} handoffHref={can(user.role, 'handoffs.work') ? handoffPaths.handoff.href : undefined} practice={practice} />
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>Appointment requests</CardTitle>
              </CardHeader>
              <CardContent>
                <LinkedAppointmentRequests requests={detail.appointmentRequests} practice={practice} />
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>Staff notes</CardTitle>
              </CardHeader>
              <CardContent>
                <CallNotes callId={c.id} notes={detail.notes} canWrite={canWrite} textareaId={NOTE_BOX_ID} practice={practice} />
              </CardContent>
            </Card>
          </div>
        </div>
      </div>

      {canWrite ? (
        <>
          <SetOutcomeDialog open={dialog === 'outcome'} onOpenChange={(open) => setDialog(open ? 'outcome' : null)} callId={c.id} current={c.outcome} live={c.live} />
          <CreateHandoffDialog open={dialog === 'handoff'} onOpenChange={(open) => setDialog(open ? 'handoff' : null)} callId={c.id} />
        </>
      ) : null}
    </>
  );
}

export { CallDetailRoute as Component };
