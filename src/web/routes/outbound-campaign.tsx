import { ArrowLeft, Download, FileQuestion, Pause, Play, RefreshCw, XCircle } from 'lucide-react';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { can } from '@domain/auth/permissions';
import { DocumentTitle } from '@web/components/document-title';
import { FormErrorAlert } from '@web/components/form-error-alert';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { PageHeader } from '@web/components/ui/page-header';
import { LoadingBlock } from '@web/components/ui/spinner';
import { queryClient } from '@web/app/query-client';
import { campaignQueryOptions, campaignRejectedCsvUrl, campaignResultsCsvUrl, useCampaign, useCampaignAction, useCampaignImport, type CampaignAction } from '@web/features/outbound/api/campaigns';
import { CampaignContacts } from '@web/features/outbound/components/campaign-contacts';
import { CampaignProgressBar } from '@web/features/outbound/components/campaign-progress-bar';
import { ProviderNotice } from '@web/features/outbound/components/provider-notice';
import { CAMPAIGN_STATUS_LABELS, CAMPAIGN_STATUS_VARIANT, PURPOSE_LABELS, WEEKDAYS } from '@web/features/outbound/labels';
import { formatWallTime } from '@domain/format/clock';
import { useLiveOutbound } from '@web/features/outbound/use-live-outbound';
import { useSignedInSession } from '@web/lib/use-signed-in-session';
import { errorMessage, isApiError } from '@web/lib/api';
import { formatDateTime } from '@web/lib/format-date';
import { paths } from '@web/lib/paths';

export function loader({ params }: LoaderFunctionArgs) {
  if (params.id) void queryClient.prefetchQuery(campaignQueryOptions(params.id));
  return null;
}

const BackLink = () => (
  <Link to={paths.outbound.href('campaigns')} className="mb-4 inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground hover:text-foreground">
    <ArrowLeft aria-hidden="true" className="size-4" />
    All campaigns
  </Link>
);

const ACTIONS: { action: CampaignAction; label: string; icon: typeof Pause; variant?: 'outline' | 'destructive' }[] = [
  { action: 'pause', label: 'Pause', icon: Pause, variant: 'outline' },
  { action: 'resume', label: 'Resume', icon: Play },
  { action: 'cancel', label: 'Cancel the campaign', icon: XCircle, variant: 'destructive' },
];

/** /outbound/campaigns/:id — progress (live), settings, actions, exports and per-contact results. */
export function CampaignRoute() {
  const { id = '' } = useParams();
  const { user, organizations } = useSignedInSession();
  const campaign = useCampaign(id);
  const imported = useCampaignImport(id);
  const act = useCampaignAction();
  useLiveOutbound();

  if (campaign.isPending) {
    return (
      <>
        <DocumentTitle title="Campaign" />
        <BackLink />
        <LoadingBlock label="Loading the campaign…" />
      </>
    );
  }
  if (campaign.isError && !campaign.data) {
    const missing = isApiError(campaign.error) && campaign.error.status === 404;
    return (
      <>
        <DocumentTitle title={missing ? 'Campaign not found' : 'Campaign'} />
        <BackLink />
        {missing ? (
          <EmptyState headingLevel="h1" icon={FileQuestion} title="Campaign not found" description="It does not exist, or it belongs to an organization you cannot see." />
        ) : (
          <Alert variant="destructive" title="The campaign could not be loaded">
            <p>{errorMessage(campaign.error)}</p>
            <Button variant="outline" size="sm" className="mt-2" onClick={() => void campaign.refetch()}>
              <RefreshCw aria-hidden="true" />
              Try again
            </Button>
          </Alert>
        )}
      </>
    );
  }
  const c = campaign.data;
  const manage = can(user.role, 'outbound.campaigns');
  const practice = organizations.find((o) => o.id === c.organizationId);
  const days = WEEKDAYS.filter((d) => c.window.days.includes(d.value))
    .map((d) => d.short)
    .join(', ');
  return (
    <>
      <DocumentTitle title={c.name} />
      <BackLink />
      <PageHeader
        title={c.name}
        description={`${PURPOSE_LABELS[c.purpose]} · created ${formatDateTime(c.createdAt, { practice })}`}
        actions={
          <div className="flex flex-wrap gap-2">
            {manage
              ? ACTIONS.filter((a) => c.actions[a.action]).map((a) => (
                  <Button key={a.action} variant={a.variant} loading={act.isPending && act.variables?.action === a.action} onClick={() => act.mutate({ id: c.id, action: a.action })}>
                    <a.icon aria-hidden="true" />
                    {a.label}
                  </Button>
                ))
              : null}
          </div>
        }
      />
      <div className="mb-4 space-y-3">
        <ProviderNotice />
        {act.error ? <FormErrorAlert error={act.error} /> : null}
      </div>
      <div className="space-y-6">
        <section aria-labelledby="progress-heading" className="space-y-3 rounded-xl border border-border bg-card p-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="progress-heading" className="text-lg font-semibold">
              Progress
            </h2>
            <Badge variant={CAMPAIGN_STATUS_VARIANT[c.status]} data-testid="campaign-status">
              {CAMPAIGN_STATUS_LABELS[c.status]}
            </Badge>
          </div>
          <CampaignProgressBar progress={c.progress} showLegend />
          <p className="text-sm text-muted-foreground">Cancelling never interrupts a call in progress; it stops the calls not yet placed.</p>
        </section>
        <section aria-labelledby="settings-heading" className="rounded-xl border border-border bg-card p-4">
          <h2 id="settings-heading" className="mb-2 text-lg font-semibold">
            Settings
          </h2>
          <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
            <Setting term="Calling window" value={`${formatWallTime(c.window.start, practice?.country)}–${formatWallTime(c.window.end, practice?.country)} (callee’s time), ${days}`} />
            <Setting term="Starts" value={formatDateTime(c.startAt, { practice })} />
            <Setting term="Attempts" value={`Up to ${c.maxAttempts}, ${c.retryIntervalMinutes} min apart`} />
            <Setting term="Calls at once" value={String(c.concurrency)} />
            <Setting term="Visit" value={c.visitType || '—'} />
            <Setting term="Message for the patient" value={c.messageForPatient || '—'} />
            <Setting term="Instructions for the agent (never read out)" value={c.instructions || '—'} />
            <Setting term="Voicemail message" value={c.voicemailMessage || 'The standard one: who is calling and the practice’s number'} />
            {imported.data ? <Setting term="From the file" value={`${imported.data.fileName || 'CSV'}: ${imported.data.imported} imported, ${imported.data.rejected} refused of ${imported.data.rows} rows`} /> : null}
          </dl>
          <div className="mt-4 flex flex-wrap gap-2">
            <Button variant="outline" asChild>
              <a href={campaignResultsCsvUrl(c.id)} download>
                <Download aria-hidden="true" />
                Export results (CSV)
              </a>
            </Button>
            {imported.data && imported.data.rejected > 0 ? (
              <Button variant="outline" asChild>
                <a href={campaignRejectedCsvUrl(c.id)} download>
                  <Download aria-hidden="true" />
                  Download the {imported.data.rejected} refused rows
                </a>
              </Button>
            ) : null}
          </div>
        </section>
        <CampaignContacts campaignId={c.id} />
      </div>
    </>
  );
}

function Setting({ term, value }: { term: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="break-words">{value}</dd>
    </div>
  );
}

export { CampaignRoute as Component };
