import { Megaphone, Plus, RefreshCw } from 'lucide-react';
import { usePractices } from '@web/lib/use-practice';
import { Link } from 'react-router';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { Skeleton } from '@web/components/ui/skeleton';
import { errorMessage } from '@web/lib/api';
import { formatDateTime } from '@web/lib/format-date';
import { paths } from '@web/lib/paths';
import { useCampaigns } from '../api/campaigns';
import { CAMPAIGN_STATUS_LABELS, CAMPAIGN_STATUS_VARIANT, PURPOSE_LABELS } from '../labels';
import { CampaignProgressBar } from './campaign-progress-bar';

/** Campaigns, newest first, each with its progress; live through the page's `outbound` subscription. */
export function CampaignList({ canManage }: { canManage: boolean }) {
  const practiceOf = usePractices();
  const campaigns = useCampaigns(undefined);
  const items = campaigns.data?.pages.flatMap((p) => p.items) ?? [];
  const newButton = canManage ? (
    <Button asChild>
      <Link to={paths.outboundNewCampaign.href()}>
        <Plus aria-hidden="true" />
        New campaign from a CSV
      </Link>
    </Button>
  ) : null;
  return (
    <section aria-labelledby="campaigns-heading" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="campaigns-heading" className="text-lg font-semibold">
            Campaigns
          </h2>
          <p className="text-sm text-muted-foreground">Many contacts from a CSV file, called inside their calling window, with retries.</p>
        </div>
        {newButton}
      </div>
      {campaigns.isError && !campaigns.data ? (
        <Alert variant="destructive" title="The campaigns could not be loaded">
          <p>{errorMessage(campaigns.error)}</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void campaigns.refetch()}>
            <RefreshCw aria-hidden="true" />
            Try again
          </Button>
        </Alert>
      ) : campaigns.isPending ? (
        <div role="status" aria-label="Loading campaigns" className="space-y-2 rounded-xl border border-border bg-card p-4">
          {[0, 1].map((i) => (
            <Skeleton key={i} className="h-16 w-full" />
          ))}
        </div>
      ) : items.length === 0 ? (
        <div className="rounded-xl border border-border bg-card">
          <EmptyState icon={Megaphone} title="No campaigns yet" description="Upload a CSV of contacts to remind, recall or follow up many patients at once." action={newButton} />
        </div>
      ) : (
        <ul className="space-y-3" aria-label="Campaigns">
          {items.map((c) => (
            <li key={c.id} className="rounded-xl border border-border bg-card p-4">
              <div className="mb-3 flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <Link to={paths.outboundCampaign.href(c.id)} className="font-semibold text-primary underline-offset-4 hover:underline">
                    {c.name}
                  </Link>
                  <p className="text-sm text-muted-foreground">
                    {PURPOSE_LABELS[c.purpose]} · starts {formatDateTime(c.startAt, { practice: practiceOf(c.organizationId) })}
                  </p>
                </div>
                <Badge variant={CAMPAIGN_STATUS_VARIANT[c.status]}>{CAMPAIGN_STATUS_LABELS[c.status]}</Badge>
              </div>
              <CampaignProgressBar progress={c.progress} />
            </li>
          ))}
        </ul>
      )}
      {campaigns.hasNextPage ? (
        <Button variant="outline" onClick={() => void campaigns.fetchNextPage()} loading={campaigns.isFetchingNextPage}>
          Show more
        </Button>
      ) : null}
    </section>
  );
}
