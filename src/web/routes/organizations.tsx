import * as React from 'react';
import { Building2, Plus, Search } from 'lucide-react';
import { can } from '@domain/auth/permissions';
import { DocumentTitle } from '@web/components/document-title';
import { Alert } from '@web/components/ui/alert';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@web/components/ui/alert-dialog';
import { Button } from '@web/components/ui/button';
import { Checkbox } from '@web/components/ui/checkbox';
import { EmptyState } from '@web/components/ui/empty-state';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { PageHeader } from '@web/components/ui/page-header';
import { Skeleton } from '@web/components/ui/skeleton';
import { useToast } from '@web/components/ui/toast';
import { queryClient } from '@web/app/query-client';
import { useOpenNow } from '@web/features/organizations/api/get-open-now';
import { organizationsQueryOptions, useOrganizations } from '@web/lib/queries/list-organizations';
import { useSetOrganizationActive } from '@web/features/organizations/api/save-organization';
import { OrganizationDialog, type DraftCheck, type OrganizationDialogTarget } from '@web/features/organizations/components/organization-dialog';
import { TestBeforePublish } from '@web/features/agent-tests/components/test-before-publish';
import { OrganizationList } from '@web/features/organizations/components/organization-list';
import { OrganizationSectionNav } from '@web/features/organizations/components/organization-section-nav';
import type { OrganizationSummary } from '@contracts/organizations';
import { useNow } from '@web/lib/use-now';
import { useSignedInSession } from '@web/lib/use-signed-in-session';
import { errorMessage } from '@web/lib/api';

/** Prefetches the first list while the module loads. */
export function loader() {
  void queryClient.prefetchQuery(organizationsQueryOptions({}));
  return null;
}

/** Agent tests on the settings being edited (issue 32 §4). */
const testBeforePublish: DraftCheck = TestBeforePublish;

/** /organizations — the practices: list, create, edit, deactivate (by role). */
export function OrganizationsRoute() {
  const { user } = useSignedInSession();
  const isAdmin = user.role === 'admin';
  const canEdit = can(user.role, 'organizations.edit');
  const [showDeactivated, setShowDeactivated] = React.useState(false);
  const [search, setSearch] = React.useState('');
  const [dialog, setDialog] = React.useState<OrganizationDialogTarget | null>(null);
  const [confirm, setConfirm] = React.useState<OrganizationSummary | null>(null);
  const list = useOrganizations({ includeDeactivated: isAdmin && showDeactivated });
  const openNow = useOpenNow();
  const setActive = useSetOrganizationActive();
  const { toast } = useToast();
  const searchId = React.useId();
  const now = useNow(60_000);

  const openNowById = React.useMemo(() => new Map((openNow.data?.items ?? []).map((i) => [i.organizationId, i])), [openNow.data]);
  const needle = search.trim().toLowerCase();
  const shown = (list.data ?? []).filter((o) => !needle || o.name.toLowerCase().includes(needle) || o.slug.includes(needle));

  const changeActive = (org: OrganizationSummary, active: boolean) => {
    setActive.mutate(
      { id: org.id, active, version: org.version },
      {
        onSuccess: () => {
          setConfirm(null);
          toast({ title: active ? `${org.name} is active again` : `${org.name} is deactivated` });
        },
        onError: (error) => toast({ variant: 'error', title: 'That did not work', description: errorMessage(error) }),
      },
    );
  };

  return (
    <>
      <DocumentTitle title="Organizations" />
      <PageHeader
        title="Organizations"
        description={
          isAdmin
            ? 'The practices Switchboard answers for: names, time zones, phone numbers and how the agent behaves.'
            : canEdit
              ? 'Your practices: you can change their details, numbers and agent settings.'
              : 'The practices you work for.'
        }
        actions={
          isAdmin ? (
            <Button onClick={() => setDialog({ mode: 'create' })}>
              <Plus aria-hidden="true" />
              New organization
            </Button>
          ) : null
        }
      />
      <OrganizationSectionNav />

      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="relative w-full sm:max-w-xs">
          <Label htmlFor={searchId} className="sr-only">
            Find an organization
          </Label>
          <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input id={searchId} type="search" placeholder="Find by name or slug" className="pl-9" value={search} onChange={(e) => setSearch(e.target.value)} />
        </div>
        {isAdmin ? (
          <div className="flex items-center gap-2">
            <Checkbox id={`${searchId}-deactivated`} checked={showDeactivated} onCheckedChange={(v) => setShowDeactivated(v === true)} />
            <Label htmlFor={`${searchId}-deactivated`}>Show deactivated</Label>
          </div>
        ) : null}
      </div>

      {list.isPending ? (
        <div role="status" aria-label="Loading organizations" className="space-y-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-24 w-full rounded-xl" />
          ))}
        </div>
      ) : list.isError ? (
        <Alert variant="destructive" assertive title="The organizations could not be loaded.">
          <p>{errorMessage(list.error)}</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : list.data.length === 0 ? (
        <EmptyState
          icon={Building2}
          title={isAdmin ? 'No organizations yet' : 'You are not in any organization'}
          description={isAdmin ? 'Create the first practice; then set its hours and on-duty schedules.' : 'Ask an administrator to add you to the practices you work for.'}
          action={
            isAdmin ? (
              <Button onClick={() => setDialog({ mode: 'create' })}>
                <Plus aria-hidden="true" />
                New organization
              </Button>
            ) : null
          }
        />
      ) : shown.length === 0 ? (
        <p className="rounded-xl border border-border bg-card px-4 py-10 text-center text-sm text-muted-foreground">No organization matches “{search}”.</p>
      ) : (
        <>
          <p className="sr-only" aria-live="polite">
            {shown.length} organizations shown
          </p>
          <OrganizationList
            organizations={shown}
            openNow={openNowById}
            now={now}
            canEdit={canEdit}
            canDeactivate={isAdmin}
            onEdit={(org) => setDialog({ mode: canEdit && org.status !== 'deactivated' ? 'edit' : 'view', id: org.id, name: org.name })}
            onSetActive={(org, active) => (active ? changeActive(org, true) : setConfirm(org))}
          />
        </>
      )}

      <OrganizationDialog target={dialog} onClose={() => setDialog(null)} draftCheck={can(user.role, 'agent-tests.use') ? testBeforePublish : undefined} />

      <AlertDialog open={confirm !== null} onOpenChange={(open) => (open ? undefined : setConfirm(null))}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Deactivate {confirm?.name}?</AlertDialogTitle>
            <AlertDialogDescription>
              Only administrators will see it, and its staff lose access to it. Its hours, schedules and history are kept; you can reactivate it later.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction
              destructive
              onClick={(e) => {
                e.preventDefault();
                if (confirm) changeActive(confirm, false);
              }}
            >
              Deactivate
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}

export { OrganizationsRoute as Component };
