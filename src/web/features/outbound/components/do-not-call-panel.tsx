import * as React from 'react';
import { usePractices } from '@web/lib/use-practice';
import { Ban, FileUp, Plus, RefreshCw, Search } from 'lucide-react';
import type { DoNotCallEntry, DoNotCallSource } from '@contracts/do-not-call';
import type { SessionOrganization } from '@contracts/session';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Skeleton } from '@web/components/ui/skeleton';
import { errorMessage } from '@web/lib/api';
import { formatDateTime } from '@web/lib/format-date';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { useDoNotCallList } from '../api/do-not-call';
import { AddDoNotCallDialog, ImportDoNotCallDialog, RemoveDoNotCallDialog } from './do-not-call-dialogs';
import { OrganizationPicker } from './organization-picker';
import { formatPhone } from '@web/lib/format-phone';

const SOURCE_LABELS: Record<DoNotCallSource, string> = { call: 'Asked on a call', staff: 'Added by staff', import: 'Imported', sms: 'Replied STOP by text' };

/** The do-not-call list of one organization: search, add, remove with a reason, import a CSV. */
export function DoNotCallPanel({ organizations, canManage }: { organizations: SessionOrganization[]; canManage: boolean }) {
  const practiceOf = usePractices();
  const [organizationId, setOrganizationId] = React.useState(organizations[0]?.id ?? '');
  const [search, setSearch] = React.useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const list = useDoNotCallList(organizationId, q);
  const [dialog, setDialog] = React.useState<'add' | 'import' | null>(null);
  const [removing, setRemoving] = React.useState<DoNotCallEntry | null>(null);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <section aria-labelledby="dnc-heading" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="dnc-heading" className="text-lg font-semibold">
            Do-not-call list
          </h2>
          <p className="text-sm text-muted-foreground">Numbers no campaign, single call or call-back will ever dial. Checked again at the moment each call is placed.</p>
        </div>
        {canManage ? (
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => setDialog('add')}>
              <Plus aria-hidden="true" />
              Add a number
            </Button>
            <Button variant="outline" onClick={() => setDialog('import')}>
              <FileUp aria-hidden="true" />
              Import CSV
            </Button>
          </div>
        ) : null}
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <OrganizationPicker organizations={organizations} value={organizationId} onChange={setOrganizationId} />
        <FormField label="Search" className="w-full sm:max-w-sm">
          <Input type="search" placeholder="Digits of the number, or words of the reason" value={search} onChange={(e) => setSearch(e.target.value)} />
        </FormField>
      </div>

      {list.isError && !list.data ? (
        <Alert variant="destructive" title="The list could not be loaded">
          <p>{errorMessage(list.error)}</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void list.refetch()}>
            <RefreshCw aria-hidden="true" />
            Try again
          </Button>
        </Alert>
      ) : list.isPending ? (
        <div role="status" aria-label="Loading the do-not-call list" className="space-y-2 rounded-xl border border-border bg-card p-4">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-10 w-full" />
          ))}
        </div>
      ) : items.length === 0 ? (
        <div className="rounded-xl border border-border bg-card">
          <EmptyState
            icon={Ban}
            title={q ? 'No number matches' : 'No numbers on the list'}
            description={q ? 'Try other digits or words.' : 'Numbers land here when a caller asks the agent not to be called again, or when staff add them.'}
          />
        </div>
      ) : (
        <div className="space-y-3">
          <ul className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-card" aria-label="Numbers on the do-not-call list">
            {items.map((e) => (
              <li key={e.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                <div className="min-w-0">
                  <p className="font-medium tabular-nums">{formatPhone(e.phone, practiceOf(e.organizationId)?.country)}</p>
                  <p className="break-words text-sm text-muted-foreground">{e.reason || 'No reason given'}</p>
                </div>
                <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                  <Badge variant="neutral">{SOURCE_LABELS[e.source]}</Badge>
                  <span>{formatDateTime(e.createdAt, { practice: practiceOf(e.organizationId) })}</span>
                  {canManage ? (
                    <Button variant="outline" size="sm" onClick={() => setRemoving(e)} aria-label={`Remove ${formatPhone(e.phone, practiceOf(e.organizationId)?.country)} from the list`}>
                      Remove
                    </Button>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
          {list.hasNextPage ? (
            <Button variant="outline" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
              <Search aria-hidden="true" />
              Show more
            </Button>
          ) : null}
        </div>
      )}

      {canManage ? (
        <>
          <AddDoNotCallDialog organizationId={organizationId} open={dialog === 'add'} onOpenChange={(o) => setDialog(o ? 'add' : null)} />
          <ImportDoNotCallDialog organizationId={organizationId} open={dialog === 'import'} onOpenChange={(o) => setDialog(o ? 'import' : null)} />
          <RemoveDoNotCallDialog organizationId={organizationId} entry={removing} onDone={() => setRemoving(null)} />
        </>
      ) : null}
    </section>
  );
}
