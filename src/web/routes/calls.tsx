import * as React from 'react';
import { PhoneCall } from 'lucide-react';
import { DocumentTitle } from '@web/components/document-title';
import { ListDataTable } from '@web/components/list-data-table';
import type { PaginationState } from '@web/components/ui/data-table';
import { PageHeader } from '@web/components/ui/page-header';
import { callsQueryKey, useCalls } from '@web/features/calls/api/list-calls';
import { CallFilters } from '@web/features/calls/components/call-filters';
import { callColumns } from '@web/features/calls/components/calls-table-columns';
import { useCallListParams } from '@web/features/calls/use-call-list-params';
import { useLiveInvalidation } from '@web/lib/use-live-invalidation';
import { usePractices } from '@web/lib/use-practice';
import { useSignedInSession } from '@web/lib/use-signed-in-session';
import { isApiError } from '@web/lib/api';

const LIVE_TOPICS = ['calls'] as const;

/** /calls — every call of the user's organizations, newest first, searchable; live calls update as they go. */
export function CallsRoute() {
  const { organizations } = useSignedInSession();
  const list = useCallListParams();
  const calls = useCalls(list.params);
  useLiveInvalidation(LIVE_TOPICS, () => [[...callsQueryKey, 'list']], 2000);

  const showOrganization = organizations.length > 1;
  const practiceOf = usePractices();
  const columns = React.useMemo(() => callColumns({ showOrganization, practiceOf }), [showOrganization, practiceOf]);
  const fieldErrors = isApiError(calls.error) && calls.error.code === 'validation_failed' ? calls.error.fields : undefined;
  const pagination: PaginationState = { pageIndex: list.pageNumber - 1, pageSize: list.pageSize };

  const onPaginationChange = (next: PaginationState) => {
    if (next.pageSize !== list.pageSize) list.setPageSize(next.pageSize);
    else if (next.pageIndex > pagination.pageIndex) list.goTo('next', calls.data?.nextCursor ?? null);
    else if (next.pageIndex < pagination.pageIndex) list.goTo('prev', next.pageIndex === 0 ? null : (calls.data?.prevCursor ?? null));
  };

  return (
    <>
      <DocumentTitle title="Calls" />
      <PageHeader
        title="Calls"
        description="Every call the agent answered or placed for your organizations: search what was said, filter, and open a call for its transcript, recording and context. Times are the practice’s local time, its zone named where it is not yours."
      />
      <div className="space-y-4">
        <CallFilters
          filters={list.filters}
          organizations={organizations}
          hasFilters={list.hasFilters}
          onChange={list.setFilter}
          onClear={list.clearFilters}
          fieldErrors={fieldErrors}
        />
        <ListDataTable
          label="Calls"
          columns={columns}
          query={calls}
          list={list}
          hasNextPage={Boolean(calls.data?.nextCursor)}
          getRowId={(c) => c.id}
          pagination={pagination}
          onPaginationChange={onPaginationChange}
          empty={{
            icon: PhoneCall,
            headingLevel: 'h3',
            noMatch: { title: 'No calls match', description: 'Try other words or another number, widen the dates, or clear the filters.' },
            none: {
              title: 'No calls yet',
              description: 'Calls appear here as soon as the agent answers or places one. Try the agent in Developer → Playground.',
            },
          }}
        />
      </div>
    </>
  );
}

export { CallsRoute as Component };
