import * as React from 'react';
import { MapPin, Pencil, Plus, Trash2 } from 'lucide-react';
import type { Location } from '@contracts/calendars';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { useToast } from '@web/components/ui/toast';
import { errorMessage } from '@web/lib/api';
import { useLocations } from '../api/list-locations';
import { useDeleteLocation } from '../api/save-records';
import { LocationDialog, type LocationDialogTarget } from './location-dialog';
import { ListSkeleton, LoadError } from './panel-states';
import { ConfirmDelete } from './record-parts';

/** The practice's locations: where its clinicians see patients. */
export function LocationsPanel({ organizationId, canEdit }: { organizationId: string; canEdit: boolean }) {
  const list = useLocations(organizationId);
  const [dialog, setDialog] = React.useState<LocationDialogTarget | null>(null);
  const [removing, setRemoving] = React.useState<Location | null>(null);
  const remove = useDeleteLocation();
  const { toast } = useToast();
  const add = () => setDialog({ mode: 'add', organizationId });

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(
      { id: removing.id, version: removing.version },
      {
        onSuccess: () => toast({ title: `Deleted ${removing.name}` }),
        onError: (error) => toast({ variant: 'error', title: 'Could not delete it', description: errorMessage(error) }),
        onSettled: () => setRemoving(null),
      },
    );
  };

  return (
    <section aria-labelledby="locations-title" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="locations-title" className="text-lg font-semibold">
            Locations
          </h2>
          <p className="text-sm text-muted-foreground">Where clinicians see patients. Each range of a clinician's hours is at one of them.</p>
        </div>
        {canEdit && list.data?.length ? (
          <Button size="sm" onClick={add}>
            <Plus aria-hidden="true" />
            Add location
          </Button>
        ) : null}
      </div>
      {list.isPending ? (
        <ListSkeleton label="Loading locations" />
      ) : list.isError ? (
        <LoadError title="The locations could not be loaded." error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <EmptyState
          icon={MapPin}
          headingLevel="h3"
          title="No locations yet"
          description={canEdit ? 'Add where the practice sees patients, e.g. Main clinic. Clinicians’ hours are set at a location.' : 'A supervisor or an administrator can add the practice’s locations.'}
          action={
            canEdit ? (
              <Button onClick={add}>
                <Plus aria-hidden="true" />
                Add location
              </Button>
            ) : null
          }
        />
      ) : (
        <ul className="divide-y divide-border rounded-lg border border-border bg-card">
          {list.data.map((l) => (
            <li key={l.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  {l.name}
                  {l.active ? null : <Badge variant="neutral">Not in use</Badge>}
                </p>
                <p className="text-sm text-muted-foreground">{l.address || 'No address'}</p>
              </div>
              {canEdit ? (
                <div className="flex gap-1">
                  <Button variant="ghost" size="sm" onClick={() => setDialog({ mode: 'edit', location: l })} aria-label={`Change ${l.name}`}>
                    <Pencil aria-hidden="true" />
                    Change
                  </Button>
                  <Button variant="ghost" size="icon" className="size-8" onClick={() => setRemoving(l)} aria-label={`Delete ${l.name}`}>
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <LocationDialog target={dialog} onClose={() => setDialog(null)} />
      <ConfirmDelete
        open={removing !== null}
        title={`Delete ${removing?.name ?? 'this location'}?`}
        description="Only a location that no clinician’s hours and no visit use can be deleted; otherwise mark it not in use."
        actionLabel="Delete location"
        pending={remove.isPending}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}
