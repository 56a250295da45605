import { ArrowDownLeft, ArrowUpRight, Mic, UserRoundCheck } from 'lucide-react';
import { Link } from 'react-router';
import type { ColumnDef } from '@web/components/ui/data-table';
import { formatDateTime, formatRelative, type Practice } from '@web/lib/format-date';
import { durationLabel, formatDuration, formatListTime, formatPhone } from '../format';
import { DIRECTION_LABELS } from '@web/lib/call-labels';
import { callPaths } from '@web/lib/call-paths';
import type { CallListItem, CallSort } from '@contracts/calls';
import { CallStatusBadge, HungUpBeforeSpeaking, LiveBadge, OutcomeBadge } from './call-badges';

/** "…accept my «insurance» from…" with the matched words in bold. */
export function MatchSnippet({ text }: { text: string }) {
  const parts = text.split(/(«[^»]*»)/g).filter(Boolean);
  return (
    <span className="line-clamp-2 max-w-56 text-xs text-muted-foreground" title={text.replace(/[«»]/g, '')}>
      {parts.map((p, i) => (p.startsWith('«') ? <mark key={i} className="rounded-sm bg-warning-soft font-semibold text-foreground">{p.slice(1, -1)}</mark> : <span key={i}>{p}</span>))}
    </span>
  );
}

/**
 * The columns of the calls list. The two the server sorts by (`CallSort`) have an accessor, as
 * TanStack Table sorts only those; their ids are the `sort` values the list sends. Both start
 * from the largest (newest, longest) on the first click.
 */
/** `practiceOf`: each call's organization's conventions — its times in that zone and clock, its numbers in that country's format. */
export function callColumns({ showOrganization, practiceOf = () => undefined }: { showOrganization: boolean; practiceOf?: (organizationId: string) => Practice | undefined }): ColumnDef<CallListItem>[] {
  const columns: ColumnDef<CallListItem>[] = [
    {
      id: 'startedAt' satisfies CallSort,
      accessorFn: (c) => c.startedAt,
      sortDescFirst: true,
      header: 'Started',
      cell: ({ row }) => {
        const c = row.original;
        const practice = practiceOf(c.organizationId);
        return (
          <div>
            <Link to={callPaths.call.href(c.id)} className="whitespace-nowrap font-medium text-foreground underline-offset-4 hover:underline focus-visible:underline">
              <time dateTime={c.startedAt} title={formatDateTime(c.startedAt, { seconds: true, practice })}>
                {formatListTime(c.startedAt, practice)}
              </time>
              <span className="sr-only">
                , call {c.direction === 'inbound' ? 'from' : 'to'} {formatPhone(c.contactNumber, practice?.country)}
              </span>
            </Link>
            <div className="whitespace-nowrap text-xs text-muted-foreground">{formatRelative(c.startedAt)}</div>
          </div>
        );
      },
    },
    {
      id: 'caller',
      // Inbound rows show who called, outbound rows who was called (the arrow and its label say which).
      header: 'Caller / called',
      enableSorting: false,
      cell: ({ row }) => {
        const c = row.original;
        const Icon = c.direction === 'inbound' ? ArrowDownLeft : ArrowUpRight;
        return (
          <div className="min-w-36">
            <div className="flex items-center gap-1.5 whitespace-nowrap">
              <Icon aria-hidden="true" className="size-3.5 shrink-0 text-muted-foreground" />
              <span className="sr-only">{DIRECTION_LABELS[c.direction]}:</span>
              <span className="font-medium tabular-nums">{formatPhone(c.contactNumber, practiceOf(c.organizationId)?.country)}</span>
              {/* Narrow screens scroll the table sideways: say "live" where it is seen first. */}
              {c.live ? <LiveBadge className="md:hidden" /> : null}
            </div>
            {c.patientName ? (
              <div className="flex items-center gap-1 text-xs text-muted-foreground">
                <UserRoundCheck aria-hidden="true" className="size-3" />
                {c.patientName}
              </div>
            ) : null}
            {c.match ? <MatchSnippet text={c.match} /> : null}
          </div>
        );
      },
    },
  ];
  if (showOrganization) {
    columns.push({
      id: 'organization',
      header: 'Organization',
      enableSorting: false,
      cell: ({ row }) => <span className="block min-w-32">{row.original.organizationName}</span>,
    });
  }
  columns.push(
    {
      id: 'status',
      header: 'Status',
      enableSorting: false,
      cell: ({ row }) => (
        <div className="flex flex-wrap items-center gap-1.5">
          {row.original.live ? <LiveBadge /> : <CallStatusBadge status={row.original.status} />}
          {row.original.hasRecording ? (
            <span title="Has a recording">
              <Mic aria-hidden="true" className="size-3.5 text-muted-foreground" />
              <span className="sr-only">Has a recording</span>
            </span>
          ) : null}
        </div>
      ),
    },
    {
      id: 'outcome',
      header: 'Outcome',
      enableSorting: false,
      cell: ({ row }) => (
        <div className="flex flex-wrap items-center gap-1.5">
          {row.original.hungUpBeforeSpeaking && !row.original.outcome ? <HungUpBeforeSpeaking /> : <OutcomeBadge outcome={row.original.outcome} />}
          {row.original.hungUpBeforeSpeaking && row.original.outcome ? <HungUpBeforeSpeaking /> : null}
          {row.original.hasHandoff ? <span className="text-xs font-medium text-muted-foreground">Handed off</span> : null}
        </div>
      ),
    },
    {
      id: 'duration' satisfies CallSort,
      accessorFn: (c) => c.durationSeconds,
      sortDescFirst: true,
      header: 'Duration',
      cell: ({ row }) => (
        <span className="tabular-nums">
          <span aria-hidden="true">{row.original.live ? '—' : formatDuration(row.original.durationSeconds)}</span>
          <span className="sr-only">{row.original.live ? 'Still going on' : durationLabel(row.original.durationSeconds)}</span>
        </span>
      ),
    },
  );
  return columns;
}
