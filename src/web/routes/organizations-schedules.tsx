import * as React from 'react';
import { useSearchParams } from 'react-router';
import { Building2, CalendarClock, Pencil, Plus, Trash2 } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
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
import { EmptyState } from '@web/components/ui/empty-state';
import { PageHeader } from '@web/components/ui/page-header';
import { Skeleton } from '@web/components/ui/skeleton';
import { LoadingBlock } from '@web/components/ui/spinner';
import { useToast } from '@web/components/ui/toast';
import { useMembers } from '@web/lib/queries/list-members';
import { OrganizationSectionNav } from '@web/features/organizations/components/organization-section-nav';
import { OrganizationSwitcher } from '@web/features/organizations/components/organization-switcher';
import { zoneLabel } from '@web/lib/time-zones';
import { useOrganizationParam } from '@web/features/organizations/use-organization-param';
import { useSchedule } from '@web/features/schedules/api/get-schedule';
import { schedulesQueryKey, useSchedules } from '@web/features/schedules/api/list-schedules';
import { useDeleteSchedule } from '@web/features/schedules/api/save-schedule';
import { ScheduleDetail } from '@web/features/schedules/components/schedule-detail';
import { ScheduleDialog, type ScheduleDialogTarget } from '@web/features/schedules/components/schedule-dialog';
import { ScheduleList } from '@web/features/schedules/components/schedule-list';
import { useSignedInSession } from '@web/lib/use-signed-in-session';
import { errorMessage } from '@web/lib/api';
import { SchedulesViews } from './schedules-views';

/** /organizations/schedules — named on-duty rotas of the chosen organization. */
export function OrganizationSchedulesRoute() {
  const { user, organizations } = useSignedInSession();
  const [organizationId, setOrganizationId] = useOrganizationParam(organizations);
  const organization = organizations.find((o) => o.id === organizationId) ?? null;
  const canEdit = can(user.role, 'schedules.edit');
  const [searchParams, setSearchParams] = useSearchParams();
  const list = useSchedules(organizationId);
  const members = useMembers(organizationId);
  const [dialog, setDialog] = React.useState<ScheduleDialogTarget | null>(null);
  const [confirmDelete, setConfirmDelete] = React.useState(false);
  const remove = useDeleteSchedule();
  const queryClient = useQueryClient();
  const { toast } = useToast();

  const items = list.data?.items ?? [];
  const requested = searchParams.get('schedule');
  const selectedId = items.some((s) => s.id === requested) ? requested : (items[0]?.id ?? null);
  const schedule = useSchedule(selectedId);

  const select = (id: string | null) =>
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (id) next.set('schedule', id);
        else next.delete('schedule');
        return next;
      },
      { replace: true },
    );

  const deleteSelected = () => {
    if (!schedule.data) return;
    const { id, version, name } = schedule.data;
    remove.mutate(
      { id, version },
      {
        onSuccess: () => {
          queryClient.removeQueries({ queryKey: [...schedulesQueryKey, 'detail', id] });
          setConfirmDelete(false);
          select(null);
          toast({ title: `Deleted ${name}` });
        },
        onError: (error) => {
          setConfirmDelete(false);
          toast({ variant: 'error', title: 'Could not delete it', description: errorMessage(error) });
        },
      },
    );
  };

  return (
    <>
      <DocumentTitle title={organization ? `Schedules · ${organization.name}` : 'Schedules'} />
      <PageHeader
        eyebrow={organization?.name}
        title="Schedules"
        description="Who is on duty: live transfers go to them while the practice is open, and handoffs are routed by them."
        actions={organizations.length > 1 ? <OrganizationSwitcher organizations={organizations} value={organizationId} onChange={setOrganizationId} /> : null}
      />
      <OrganizationSectionNav organizationId={organizationId} />
      <SchedulesViews organizationId={organizationId} />

      {!organizationId ? (
        <EmptyState icon={Building2} title="No organization to show" description="You are not assigned to any practice yet. Ask an administrator to add you." />
      ) : list.isPending ? (
        <div role="status" aria-label="Loading schedules" className="grid gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
          <Skeleton className="h-40 w-full rounded-xl" />
          <Skeleton className="h-80 w-full rounded-xl" />
        </div>
      ) : list.isError ? (
        <Alert variant="destructive" assertive title="The schedules could not be loaded.">
          <p>{errorMessage(list.error)}</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : items.length === 0 ? (
        <EmptyState
          icon={CalendarClock}
          title="No schedules yet"
          description={
            canEdit ? 'Create a schedule such as Front desk or On-call nurse, then add who is on duty when.' : 'A supervisor or an administrator can create the schedules of this organization.'
          }
          action={
            canEdit && organization ? (
              <Button onClick={() => setDialog({ mode: 'create', organizationId: organization.id, organizationName: organization.name })}>
                <Plus aria-hidden="true" />
                New schedule
              </Button>
            ) : null
          }
        />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[18rem_minmax(0,1fr)] lg:items-start">
          <div className="space-y-3">
            <ScheduleList schedules={items} selectedId={selectedId} onSelect={select} />
            {canEdit && organization ? (
              <Button variant="outline" className="w-full" onClick={() => setDialog({ mode: 'create', organizationId: organization.id, organizationName: organization.name })}>
                <Plus aria-hidden="true" />
                New schedule
              </Button>
            ) : null}
            <p className="text-xs text-muted-foreground">Times are in {zoneLabel(list.data.timeZone)}.</p>
          </div>

          <section aria-labelledby="schedule-title" className="min-w-0">
            {schedule.isPending ? (
              <LoadingBlock label="Loading the schedule…" />
            ) : schedule.isError ? (
              <Alert variant="destructive" assertive title="The schedule could not be loaded.">
                <p>{errorMessage(schedule.error)}</p>
                <Button variant="outline" size="sm" className="mt-2" onClick={() => void schedule.refetch()}>
                  Try again
                </Button>
              </Alert>
            ) : (
              <>
                <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0">
                    <h2 id="schedule-title" className="text-xl font-semibold tracking-tight">
                      {schedule.data.name}
                    </h2>
                    {schedule.data.description ? <p className="text-sm text-muted-foreground">{schedule.data.description}</p> : null}
                    <p className="text-sm text-muted-foreground">
                      {schedule.data.purpose === 'after_hours'
                        ? 'After-hours coverage: urgent transfers while the office is closed. Patients never see these hours.'
                        : 'Office hours: staffs the office while it is open.'}
                    </p>
                  </div>
                  {canEdit ? (
                    <div className="flex gap-2">
                      <Button variant="outline" size="sm" onClick={() => setDialog({ mode: 'rename', schedule: schedule.data })}>
                        <Pencil aria-hidden="true" />
                        Edit
                      </Button>
                      <Button variant="outline" size="sm" onClick={() => setConfirmDelete(true)}>
                        <Trash2 aria-hidden="true" />
                        Delete
                      </Button>
                    </div>
                  ) : null}
                </div>
                <ScheduleDetail schedule={schedule.data} members={members.data ?? []} canEdit={canEdit} />
              </>
            )}
          </section>
        </div>
      )}

      <ScheduleDialog target={dialog} onClose={() => setDialog(null)} onCreated={(id) => select(id)} />
      <AlertDialog open={confirmDelete} onOpenChange={setConfirmDelete}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Delete {schedule.data?.name}?</AlertDialogTitle>
            <AlertDialogDescription>Its shifts and cover are deleted with it. Transfers will no longer use it.</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction
              destructive
              onClick={(e) => {
                e.preventDefault();
                deleteSelected();
              }}
            >
              Delete schedule
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}

export { OrganizationSchedulesRoute as Component };
