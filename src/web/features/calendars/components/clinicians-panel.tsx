import * as React from 'react';
import { Pencil, Plus, Stethoscope, Trash2, UserRound } from 'lucide-react';
import type { ClinicianSummary, Location, VisitType } from '@contracts/calendars';
import type { Member } from '@contracts/organizations';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { LoadingBlock } from '@web/components/ui/spinner';
import { useToast } from '@web/components/ui/toast';
import { errorMessage } from '@web/lib/api';
import { zoneLabel } from '@web/lib/time-zones';
import { cn } from '@web/lib/utils';
import { todayInZone } from '@web/lib/zoned-time';
import { useClinician } from '../api/get-clinician';
import { useClinicians } from '../api/list-clinicians';
import { useDeleteClinician } from '../api/save-clinician';
import { AvailabilityEditor } from './availability-editor';
import { visitTypeLabel } from './calendar-format';
import { ClinicianDialog, type ClinicianDialogTarget } from './clinician-dialog';
import { ExceptionsCard } from './exceptions-card';
import { ListSkeleton, LoadError } from './panel-states';
import { ConfirmDelete } from './record-parts';

export interface CliniciansPanelProps {
  organizationId: string;
  country: string | null | undefined;
  canEdit: boolean;
  visitTypes: VisitType[];
  locations: Location[];
  members: Member[];
  /** The clinician shown (the `clinician` search parameter), and how to choose another. */
  selectedId: string | null;
  onSelect: (id: string | null) => void;
}

/** The practice's clinicians: who does which visits, their weekly hours and exceptions. */
export function CliniciansPanel({ organizationId, country, canEdit, visitTypes, locations, members, selectedId: requested, onSelect }: CliniciansPanelProps) {
  const list = useClinicians(organizationId);
  const [dialog, setDialog] = React.useState<ClinicianDialogTarget | null>(null);
  const items = list.data ?? [];
  const selectedId = items.some((c) => c.id === requested) ? requested : (items[0]?.id ?? null);
  const add = () => setDialog({ mode: 'add', organizationId });

  return (
    <section aria-labelledby="clinicians-title" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="clinicians-title" className="text-lg font-semibold">
            Clinicians
          </h2>
          <p className="text-sm text-muted-foreground">Who patients book: the visits they do, their weekly hours and their exceptions.</p>
        </div>
      </div>
      {list.isPending ? (
        <ListSkeleton label="Loading clinicians" />
      ) : list.isError ? (
        <LoadError title="The clinicians could not be loaded." error={list.error} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState
          icon={Stethoscope}
          headingLevel="h3"
          title="No clinicians yet"
          description={canEdit ? 'Add the people patients book visits with, then set their weekly hours.' : 'A supervisor or an administrator can add the clinicians.'}
          action={
            canEdit ? (
              <Button onClick={add}>
                <Plus aria-hidden="true" />
                Add clinician
              </Button>
            ) : null
          }
        />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[16rem_minmax(0,1fr)] lg:items-start">
          <div className="space-y-3">
            <ClinicianList clinicians={items} visitTypes={visitTypes} selectedId={selectedId} onSelect={onSelect} />
            {canEdit ? (
              <Button variant="outline" className="w-full" onClick={add}>
                <Plus aria-hidden="true" />
                Add clinician
              </Button>
            ) : null}
          </div>
          {selectedId ? (
            <ClinicianDetail
              key={selectedId}
              id={selectedId}
              summary={items.find((c) => c.id === selectedId)!}
              country={country}
              canEdit={canEdit}
              visitTypes={visitTypes}
              locations={locations}
              members={members}
              onDeleted={() => onSelect(null)}
            />
          ) : null}
        </div>
      )}
      <ClinicianDialog target={dialog} members={members} visitTypes={visitTypes} onClose={() => setDialog(null)} onCreated={(id) => onSelect(id)} />
    </section>
  );
}

function ClinicianList({ clinicians, visitTypes, selectedId, onSelect }: { clinicians: ClinicianSummary[]; visitTypes: VisitType[]; selectedId: string | null; onSelect: (id: string) => void }) {
  return (
    <ul className="space-y-2" aria-label="Clinicians">
      {clinicians.map((c) => {
        const selected = c.id === selectedId;
        const types = visitTypes.filter((t) => c.visitTypeIds.includes(t.id));
        return (
          <li key={c.id}>
            <button
              type="button"
              aria-current={selected ? 'true' : undefined}
              onClick={() => onSelect(c.id)}
              className={cn('flex w-full items-start gap-3 rounded-lg border border-border bg-card p-3 text-left transition-colors hover:bg-muted', selected && 'border-primary bg-accent hover:bg-accent')}
            >
              <UserRound aria-hidden="true" className={cn('mt-0.5 size-4 shrink-0', selected ? 'text-primary' : 'text-muted-foreground')} />
              <span className="min-w-0 flex-1">
                <span className="flex flex-wrap items-center gap-2 font-medium">
                  {c.name}
                  {c.active ? null : <Badge variant="neutral">Not taking visits</Badge>}
                </span>
                <span className="block text-sm text-muted-foreground">{[c.title, types.length ? types.map((t) => t.nameEn).join(', ') : 'No visit types'].filter(Boolean).join(' · ')}</span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

function ClinicianDetail({
  id,
  summary,
  country,
  canEdit,
  visitTypes,
  locations,
  members,
  onDeleted,
}: {
  id: string;
  summary: ClinicianSummary;
  country: string | null | undefined;
  canEdit: boolean;
  visitTypes: VisitType[];
  locations: Location[];
  members: Member[];
  onDeleted: () => void;
}) {
  const clinician = useClinician(id);
  const [dialog, setDialog] = React.useState<ClinicianDialogTarget | null>(null);
  const [removing, setRemoving] = React.useState(false);
  const remove = useDeleteClinician();
  const { toast } = useToast();

  if (clinician.isPending) return <LoadingBlock label={`Loading ${summary.name}…`} />;
  if (clinician.isError) return <LoadError title="This clinician could not be loaded." error={clinician.error} onRetry={() => void clinician.refetch()} />;
  const c = clinician.data;
  const types = visitTypes.filter((t) => c.visitTypeIds.includes(t.id));
  const today = todayInZone(c.timeZone);

  const confirmRemove = () =>
    remove.mutate(
      { id: c.id, version: c.version },
      {
        onSuccess: () => {
          toast({ title: `Deleted ${c.name}` });
          onDeleted();
        },
        onError: (error) => toast({ variant: 'error', title: 'Could not delete them', description: errorMessage(error) }),
        onSettled: () => setRemoving(false),
      },
    );

  return (
    <section aria-labelledby="clinician-title" className="min-w-0 space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h3 id="clinician-title" className="flex flex-wrap items-center gap-2 text-xl font-semibold tracking-tight">
            {c.name}
            {c.title ? <span className="text-base font-normal text-muted-foreground">{c.title}</span> : null}
            {c.active ? null : <Badge variant="neutral">Not taking visits</Badge>}
          </h3>
          <p className="text-sm text-muted-foreground">{c.userId ? 'A person of this organization.' : 'A clinician from outside the organization.'}</p>
          <p className="text-sm">{types.length ? <>Does {types.map((t) => visitTypeLabel(t)).join(', ')}.</> : <span className="text-muted-foreground">Does no visit type yet{canEdit ? ': choose them under Edit.' : '.'}</span>}</p>
        </div>
        {canEdit ? (
          <div className="flex gap-2">
            <Button variant="outline" size="sm" onClick={() => setDialog({ mode: 'edit', clinician: c })}>
              <Pencil aria-hidden="true" />
              Edit
            </Button>
            <Button variant="outline" size="sm" onClick={() => setRemoving(true)}>
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          </div>
        ) : null}
      </div>

      <Card>
        <CardHeader>
          <CardTitle as="h4">Weekly hours</CardTitle>
          <CardDescription>When {c.name} sees patients, and where. Times are in {zoneLabel(c.timeZone)}, the practice's zone, whatever your own.</CardDescription>
        </CardHeader>
        <CardContent>
          <AvailabilityEditor key={`${c.id}:${c.version}`} clinician={c} locations={locations} country={country} canEdit={canEdit} onReload={() => void clinician.refetch()} />
        </CardContent>
      </Card>

      <ExceptionsCard clinician={c} locations={locations} country={country} canEdit={canEdit} today={today} />

      <ClinicianDialog target={dialog} members={members} visitTypes={visitTypes} onClose={() => setDialog(null)} />
      <ConfirmDelete
        open={removing}
        title={`Delete ${c.name}?`}
        description="Only a clinician with no visits can be deleted; otherwise turn off “Takes visits”. Their hours and exceptions are deleted with them."
        actionLabel="Delete clinician"
        pending={remove.isPending}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(false)}
      />
    </section>
  );
}
