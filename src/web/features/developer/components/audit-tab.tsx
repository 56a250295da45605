import * as React from 'react';
import { createColumnHelper } from '@tanstack/react-table';
import { ScrollText } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { useOrganizations } from '@web/lib/queries/list-organizations';
import { callPaths } from '@web/lib/call-paths';
import { handoffPaths } from '@web/lib/handoff-paths';
import { organizationPaths } from '@web/lib/organization-paths';
import { readableKey, readableValue } from '@web/lib/readable';
import { RelativeTime } from '@web/components/relative-time';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { DataTable } from '@web/components/ui/data-table';
import { EmptyState } from '@web/components/ui/empty-state';
import { useAuditEvents } from '../api/list-audit-events';
import type { AuditEvent } from '@contracts/developer';
import { useCursorPages } from '../use-cursor-pages';
import { FilterInput } from './filter-input';

/** Actions recorded today; the filter also accepts any other exact action name. */
const KNOWN_ACTIONS = [
  'auth.sign_in',
  'auth.sign_out',
  'auth.lockout',
  'auth.password_change',
  'auth.password_reset',
  'auth.password_reset_requested',
  'auth.session_expired',
  'auth.sessions_revoked',
  'auth.two_factor',
  'auth.two_factor_enabled',
  'auth.two_factor_disabled',
  'user.created',
  'user.updated',
  'user.role_changed',
  'user.organizations_changed',
  'user.deactivated',
  'user.reactivated',
  'user.password_reset',
  'user.unlocked',
  'user.invitation_accepted',
  'profile.updated',
  'security.two_factor_policy_changed',
  'organization.created',
  'organization.updated',
  'organization.deactivated',
  'organization.reactivated',
  'organization.agent_settings_saved_despite_failing_suite',
  'agent_test.suite_required_changed',
  'hours.updated',
  'phi.view',
];

const column = createColumnHelper<AuditEvent>();

const OUTCOME_VARIANTS: Record<string, 'success' | 'destructive' | 'warning' | 'neutral'> = {
  success: 'success',
  failure: 'destructive',
  failed: 'destructive',
  denied: 'destructive',
};

/** The first block of a UUID is enough to tell records apart in a list; the title has all of it. */
function shortId(id: string): string {
  return /^[0-9a-f]{8}-/i.test(id) ? id.slice(0, 8) : id;
}

function describeDetails(details: Record<string, unknown>): string {
  // The page-load id only groups a page's requests into one view; nobody reads it.
  const entries = Object.entries(details).filter(([key]) => key !== 'pageLoad');
  if (entries.length === 0) return '';
  return entries.map(([key, value]) => `${readableKey(key)}: ${readableValue(value)}`).join(' · ');
}

const RECORD_NAMES: Record<string, string> = {
  call: 'Call',
  call_chat_context: 'Chat context of a call',
  call_recording: 'Recording of a call',
  handoff: 'Handoff',
  appointment_request: 'Appointment request',
  intake_submission: 'Intake form',
  user: 'User',
  organization: 'Organization',
  schedule: 'Schedule',
  hours: 'Business hours',
};

/** Where a record of the audit log is shown, when it has a page of its own. */
function recordHref(type: string, id: string, organizationId: string | null): string | null {
  switch (type) {
    case 'call':
    case 'call_recording':
      return callPaths.call.href(id);
    case 'call_chat_context':
      return callPaths.chatContext.href(id);
    case 'handoff':
      return handoffPaths.handoff.href(id);
    case 'organization':
      return organizationPaths.hours.href(id);
    case 'schedule':
      return organizationId ? organizationPaths.schedules.href(organizationId) : null;
    case 'hours':
      return organizationPaths.hours.href(organizationId ?? id);
    default:
      return null;
  }
}

/**
 * The record an event is about: its kind in words, linked to its page when it has one, named
 * where a name is not health information (a practice), else its id's first block (the whole id
 * in the title, for searching); and the practice it belongs to.
 */
function RecordCell({ event, organizations }: { event: AuditEvent; organizations: Map<string, string> }) {
  const type = event.recordType;
  if (!type) return <span className="text-muted-foreground">—</span>;
  const id = event.recordId;
  const kind = RECORD_NAMES[type] ?? readableKey(type);
  // Users are named by their email where the event says it (a user's own sign-in, say).
  const userEmail = type === 'user' && id && id === event.actorId && event.actorLabel && !event.actorLabel.includes(' ') ? event.actorLabel : null;
  const name = type === 'organization' && id ? organizations.get(id) : userEmail;
  const practice = event.organizationId && type !== 'organization' ? organizations.get(event.organizationId) : null;
  const href = userEmail ? `/users?q=${encodeURIComponent(userEmail)}` : id ? recordHref(type, id, event.organizationId) : null;
  const text = name ? `${kind}: ${name}` : id ? `${kind} ${shortId(id)}` : kind;
  return (
    <span className="block text-xs" title={id ?? undefined}>
      {href ? (
        <Link to={href} className="font-medium text-primary underline-offset-2 hover:underline">
          {text}
        </Link>
      ) : (
        <span className="font-medium">{text}</span>
      )}
      {practice ? <span className="block text-muted-foreground">{practice}</span> : null}
    </span>
  );
}

const columnsFor = (organizations: Map<string, string>) => [
  column.accessor('at', { header: 'When', cell: ({ getValue }) => <RelativeTime value={getValue()} seconds /> }),
  column.accessor('action', {
    header: 'Action',
    cell: ({ getValue }) => <code className="font-mono text-xs font-semibold [overflow-wrap:anywhere]">{getValue()}</code>,
  }),
  column.accessor('outcome', {
    header: 'Outcome',
    cell: ({ getValue }) => <Badge variant={OUTCOME_VARIANTS[getValue()] ?? 'neutral'}>{getValue()}</Badge>,
  }),
  column.accessor('actorLabel', {
    header: 'Who',
    cell: ({ row }) => (
      <span className="block max-w-56 [overflow-wrap:anywhere]">
        {row.original.actorLabel ?? row.original.actorId ?? <span className="text-muted-foreground">{row.original.actorType}</span>}
      </span>
    ),
  }),
  column.accessor('recordType', {
    header: 'Record',
    cell: ({ row }) => <RecordCell event={row.original} organizations={organizations} />,
  }),
  column.accessor('ipAddress', {
    header: 'IP address',
    cell: ({ getValue }) => <span className="whitespace-nowrap font-mono text-xs">{getValue() || '—'}</span>,
  }),
  column.accessor('details', {
    header: 'Details',
    cell: ({ getValue }) => {
      const text = describeDetails(getValue());
      return text ? (
        <span className="block max-w-64 text-xs text-muted-foreground [overflow-wrap:anywhere]">{text}</span>
      ) : (
        <span className="text-muted-foreground">—</span>
      );
    },
  }),
];

/** Recent audit events (administrators only), newest first. */
export function AuditTab() {
  const [searchParams, setSearchParams] = useSearchParams();
  const action = searchParams.get('action') ?? '';
  const pages = useCursorPages<number>();
  const audit = useAuditEvents({ action: action || undefined, before: pages.cursor, pageSize: pages.pagination.pageSize });
  const items = audit.data?.items;
  const listId = React.useId();
  const organizationList = useOrganizations();
  const columns = React.useMemo(() => columnsFor(new Map((organizationList.data ?? []).map((o) => [o.id, o.name]))), [organizationList.data]);

  const setAction = (value: string) => {
    pages.reset();
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set('action', value);
        else next.delete('action');
        return next;
      },
      { replace: true },
    );
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="sm:w-80">
          <FilterInput label="Action or group" placeholder="e.g. auth or user.created" list={listId} value={action} onValueChange={setAction} />
          <datalist id={listId}>
            {KNOWN_ACTIONS.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
        </div>
        <Button variant="outline" className="self-start sm:self-auto" onClick={() => void audit.refetch()} loading={audit.isFetching && !audit.isPending}>
          Refresh
        </Button>
      </div>
      <DataTable
        label="Audit log"
        columns={columns}
        data={items}
        getRowId={(event) => String(event.id)}
        pagination={pages.pagination}
        onPaginationChange={(next) => pages.change(next, items?.at(-1)?.id)}
        hasNextPage={audit.data?.hasMore}
        isLoading={audit.isPending}
        isFetching={audit.isFetching}
        error={audit.isError ? audit.error : undefined}
        onRetry={() => void audit.refetch()}
        empty={
          <EmptyState
            headingLevel="h2"
            icon={ScrollText}
            title={action ? `No “${action}” events` : 'No audit events yet'}
            description={
              action
                ? 'Give a whole action name (user.created) or a group (auth, user), or clear the filter.'
                : 'Sign-ins, user and role changes, password changes and views of health information are recorded here.'
            }
            action={
              action ? (
                <Button variant="outline" onClick={() => setAction('')}>
                  Clear the filter
                </Button>
              ) : undefined
            }
          />
        }
      />
    </div>
  );
}
