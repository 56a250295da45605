import * as React from 'react';
import { createColumnHelper } from '@tanstack/react-table';
import { Mail, MessageSquare } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { RelativeTime } from '@web/components/relative-time';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { DataTable } from '@web/components/ui/data-table';
import { EmptyState } from '@web/components/ui/empty-state';
import { useOutbox } from '../api/list-outbox';
import type { OutboxMessage } from '@contracts/developer';
import { useCursorPages } from '../use-cursor-pages';
import { FilterInput } from './filter-input';
import { OutboxMessageDialog } from './outbox-message-dialog';
import { OutboxRecipient } from './outbox-recipient';
import { OutboxStatusBadge } from './outbox-status-badge';

const column = createColumnHelper<OutboxMessage>();

const smsPreview = (body: string | null) => (body === null ? 'Text message (about a patient; not shown)' : body.slice(0, 60) + (body.length > 60 ? '…' : ''));

/**
 * The columns; at phone width each row is a card (DataTable), so the widths that keep the
 * table's columns readable (`sm:min-w-…`) do not apply there: a cell's content then takes the
 * width beside its label and wraps between words.
 */
function outboxColumns(open: (message: OutboxMessage) => void) {
  return [
    column.accessor('createdAt', { header: 'When', cell: ({ getValue }) => <RelativeTime value={getValue()} seconds /> }),
    column.accessor('channel', {
      header: 'Channel',
      cell: ({ getValue }) =>
        getValue() === 'email' ? (
          <Badge variant="outline">
            <Mail aria-hidden="true" />
            Email
          </Badge>
        ) : (
          <Badge variant="outline">
            <MessageSquare aria-hidden="true" />
            Text
          </Badge>
        ),
    }),
    column.accessor('recipient', {
      header: 'To',
      cell: ({ row }) => (
        <span className="block sm:min-w-40 sm:max-w-64">
          <OutboxRecipient message={row.original} />
        </span>
      ),
    }),
    column.accessor('subject', {
      header: 'Subject / template',
      cell: ({ row }) => {
        const message = row.original;
        return (
          <div className="min-w-0 sm:min-w-48 sm:max-w-80">
            {/* The button's ::after covers the whole row, so a click anywhere on the row opens it. */}
            <button
              type="button"
              data-row-open=""
              onClick={() => open(message)}
              className="rounded-sm text-left font-medium text-primary underline-offset-4 max-sm:text-right after:absolute after:inset-0 after:content-[''] hover:underline"
            >
              {message.subject ?? (message.channel === 'sms' ? smsPreview(message.body) : '(no subject)')}
            </button>
            <p className="break-words font-mono text-xs text-muted-foreground">{message.template}</p>
          </div>
        );
      },
    }),
    column.accessor('status', {
      header: 'Status',
      cell: ({ row }) => {
        const code = row.original.provider?.errorCode;
        return (
          <span className="flex flex-wrap items-center gap-1 whitespace-nowrap">
            <OutboxStatusBadge status={row.original.status} title={row.original.lastError ?? undefined} />
            {code ? <span className="font-mono text-xs text-destructive">error {code}</span> : null}
          </span>
        );
      },
    }),
    column.accessor('transport', {
      header: 'Transport',
      cell: ({ getValue }) => <span className="whitespace-nowrap">{getValue() ?? <span className="text-muted-foreground">—</span>}</span>,
    }),
    column.accessor('attempts', { header: 'Attempts', cell: ({ getValue }) => <span className="tabular-nums">{getValue()}</span> }),
  ];
}

/** Emails and text messages Switchboard sent (or is sending). */
export function OutboxTab() {
  const [searchParams, setSearchParams] = useSearchParams();
  const recipient = searchParams.get('to') ?? '';
  const pages = useCursorPages<string>();
  const outbox = useOutbox({ recipient: recipient || undefined, cursor: pages.cursor, pageSize: pages.pagination.pageSize });
  const [selected, setSelected] = React.useState<OutboxMessage | null>(null);
  const columns = React.useMemo(() => outboxColumns(setSelected), []);
  const items = outbox.data?.items;

  const setRecipient = (value: string) => {
    pages.reset();
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set('to', value);
        else next.delete('to');
        return next;
      },
      { replace: true },
    );
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <FilterInput label="Recipient" placeholder="Email address or phone number" value={recipient} onValueChange={setRecipient} className="sm:w-80" />
        <Button variant="outline" className="self-start sm:self-auto" onClick={() => void outbox.refetch()} loading={outbox.isFetching && !outbox.isPending}>
          Refresh
        </Button>
      </div>
      <DataTable
        label="Outbox messages"
        columns={columns}
        data={items}
        getRowId={(message) => message.id}
        pagination={pages.pagination}
        onPaginationChange={(next) => pages.change(next, items?.at(-1)?.cursor)}
        hasNextPage={outbox.data?.hasMore}
        isLoading={outbox.isPending}
        isFetching={outbox.isFetching}
        error={outbox.isError ? outbox.error : undefined}
        onRetry={() => void outbox.refetch()}
        className="[&_tbody_tr:has([data-row-open])]:relative [&_tbody_tr:has([data-row-open])]:cursor-pointer"
        empty={
          <EmptyState
            headingLevel="h2"
            icon={Mail}
            title={recipient ? 'No messages to that recipient' : 'No messages yet'}
            description={
              recipient
                ? 'Check the address or number, or clear the filter.'
                : 'Invitations, password resets and notifications appear here as soon as Switchboard sends them.'
            }
            action={
              recipient ? (
                <Button variant="outline" onClick={() => setRecipient('')}>
                  Clear the filter
                </Button>
              ) : undefined
            }
          />
        }
      />
      <OutboxMessageDialog message={selected} onOpenChange={(open) => (open ? null : setSelected(null))} />
    </div>
  );
}
