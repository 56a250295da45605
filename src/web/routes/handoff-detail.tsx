import { ArrowLeft, FileQuestion, RefreshCw } from 'lucide-react';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { DocumentTitle } from '@web/components/document-title';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { PageHeader } from '@web/components/ui/page-header';
import { LoadingBlock } from '@web/components/ui/spinner';
import { queryClient } from '@web/app/query-client';
import { handoffQueryOptions, useHandoff } from '@web/features/handoffs/api/get-handoff';
import { CallCard } from '@web/features/handoffs/components/call-card';
import { ContactCard } from '@web/features/handoffs/components/contact-card';
import { DeadlineText, PriorityBadge, StatusBadge } from '@web/features/handoffs/components/handoff-badges';
import { HandoffActions } from '@web/features/handoffs/components/handoff-actions';
import { HandoffFacts } from '@web/features/handoffs/components/handoff-facts';
import { HandoffTimeline } from '@web/features/handoffs/components/handoff-timeline';
import { HistoryCard } from '@web/features/handoffs/components/history-card';
import { MessageCard } from '@web/features/handoffs/components/message-card';
import { RequestCard } from '@web/features/handoffs/components/request-card';
import { TextPatientCard } from '@web/features/handoffs/components/text-patient-card';
import { TYPE_LABELS } from '@web/features/handoffs/labels';
import { handoffPaths } from '@web/lib/handoff-paths';
import { useLiveHandoffs } from '@web/features/handoffs/use-live-handoffs';
import { HandoffCallBackCard } from '@web/features/outbound/components/handoff-call-back';
import { useNow } from '@web/lib/use-now';
import { usePractices } from '@web/lib/use-practice';
import { useSignedInSession } from '@web/lib/use-signed-in-session';
import { errorMessage, isApiError } from '@web/lib/api';
import { formatPhone } from '@web/lib/format-phone';

/** Prefetches the handoff while the module loads. */
export function loader({ params }: LoaderFunctionArgs) {
  if (params.id) void queryClient.prefetchQuery(handoffQueryOptions(params.id));
  return null;
}

const BackLink = () => (
  <Link to={handoffPaths.handoffs.path} className="mb-4 inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground hover:text-foreground">
    <ArrowLeft aria-hidden="true" className="size-4" />
    All handoffs
  </Link>
);

/** /handoffs/:id — one handoff, with everything needed to work it. Live: changes by others show at once. */
export function HandoffDetailRoute() {
  const { id = '' } = useParams();
  const { user } = useSignedInSession();
  const query = useHandoff(id);
  const announcement = useLiveHandoffs();
  const now = useNow(15_000);
  const practiceOf = usePractices();

  if (query.isPending) {
    return (
      <>
        <DocumentTitle title="Handoff" />
        <BackLink />
        <LoadingBlock label="Loading the handoff…" />
      </>
    );
  }
  if (query.isError && !query.data) {
    const missing = isApiError(query.error) && query.error.status === 404;
    return (
      <>
        <DocumentTitle title={missing ? 'Handoff not found' : 'Could not load'} />
        <BackLink />
        {missing ? (
          <EmptyState headingLevel="h1" icon={FileQuestion} title="Handoff not found" description="It may have been removed, or it belongs to an organization you do not work in." />
        ) : (
          <Alert variant="destructive" title="The handoff could not be loaded">
            <p>{errorMessage(query.error)}</p>
            <Button variant="outline" size="sm" className="mt-2" onClick={() => void query.refetch()}>
              <RefreshCw aria-hidden="true" />
              Try again
            </Button>
          </Alert>
        )}
      </>
    );
  }

  const detail = query.data;
  const h = detail.handoff;
  // The practice's zone, clock and number format (issue 28).
  const practice = practiceOf(detail.organization.id) ?? { country: 'US', timeZone: detail.organization.timeZone };
  const who = h.contactName || (h.contactPhone ? formatPhone(h.contactPhone, practice.country) : null) || 'Unknown caller';
  return (
    <>
      <DocumentTitle title={`${TYPE_LABELS[h.type]} · ${who}`} />
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <BackLink />
      <PageHeader
        eyebrow={`${TYPE_LABELS[h.type]} · ${detail.organization.name}`}
        title={who}
        description={<span className="[overflow-wrap:anywhere]">{h.reason}</span>}
      />
      <Card className="mb-6">
        <CardContent className="flex flex-col gap-4 pt-5 sm:pt-6">
          <div className="space-y-2">
            <div className="flex flex-wrap items-center gap-2">
              <PriorityBadge priority={h.priority} />
              <StatusBadge status={h.status} />
              <DeadlineText handoff={h} now={now} practice={practice} />
            </div>
            <HandoffFacts handoff={h} practice={practice} now={now} currentUserId={user.id} />
          </div>
          <HandoffActions handoff={h} currentUserId={user.id} />
        </CardContent>
      </Card>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="min-w-0 space-y-6">
          {detail.appointmentRequest ? <RequestCard request={detail.appointmentRequest} practice={practice} /> : null}
          {detail.call ? <CallCard call={detail.call} practice={practice} /> : null}
          <HandoffTimeline handoffId={h.id} events={detail.events} practice={practice} />
        </div>
        <div className="min-w-0 space-y-6">
          <HandoffCallBackCard handoff={h} role={user.role} />
          <ContactCard detail={detail} practice={practice} />
          <TextPatientCard handoffId={h.id} practice={practice} />
          <MessageCard detail={detail} practice={practice} />
          <HistoryCard history={detail.history} organizationName={detail.organization.name} practice={practice} />
        </div>
      </div>
    </>
  );
}

export { HandoffDetailRoute as Component };
