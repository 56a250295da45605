import * as React from 'react';
import { ClipboardList, Pencil, Plus, Trash2 } from 'lucide-react';
import type { VisitType } from '@contracts/calendars';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { useToast } from '@web/components/ui/toast';
import { errorMessage } from '@web/lib/api';
import { useVisitTypes } from '../api/list-visit-types';
import { useDeleteVisitType } from '../api/save-records';
import { CHANNELS, CHANNEL_SHORT, formatMinutes } from './calendar-format';
import { ListSkeleton, LoadError } from './panel-states';
import { ConfirmDelete } from './record-parts';
import { VisitTypeDialog, type VisitTypeDialogTarget } from './visit-type-dialog';

/** "30 min · 10 min buffer · 2 h notice · up to 60 days ahead". */
function rules(t: VisitType): string {
  return [
    formatMinutes(t.lengthMinutes),
    t.bufferMinutes ? `${formatMinutes(t.bufferMinutes)} buffer` : null,
    t.minNoticeMinutes ? `${formatMinutes(t.minNoticeMinutes)} notice` : 'no notice needed',
    `up to ${t.maxDaysAhead} ${t.maxDaysAhead === 1 ? 'day' : 'days'} ahead`,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The practice's visit types. */
export function VisitTypesPanel({ organizationId, canEdit }: { organizationId: string; canEdit: boolean }) {
  const list = useVisitTypes(organizationId);
  const [dialog, setDialog] = React.useState<VisitTypeDialogTarget | null>(null);
  const [removing, setRemoving] = React.useState<VisitType | null>(null);
  const remove = useDeleteVisitType();
  const { toast } = useToast();
  const add = () => setDialog({ mode: 'add', organizationId });

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(
      { id: removing.id, version: removing.version },
      {
        onSuccess: () => toast({ title: `Deleted ${removing.nameEn}` }),
        onError: (error) => toast({ variant: 'error', title: 'Could not delete it', description: errorMessage(error) }),
        onSettled: () => setRemoving(null),
      },
    );
  };

  return (
    <section aria-labelledby="visit-types-title" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="visit-types-title" className="text-lg font-semibold">
            Visit types
          </h2>
          <p className="text-sm text-muted-foreground">What patients come for: its length, the time kept free after it, and who may book it when.</p>
        </div>
        {canEdit && list.data?.length ? (
          <Button size="sm" onClick={add}>
            <Plus aria-hidden="true" />
            Add visit type
          </Button>
        ) : null}
      </div>
      {list.isPending ? (
        <ListSkeleton label="Loading visit types" />
      ) : list.isError ? (
        <LoadError title="The visit types could not be loaded." error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <EmptyState
          icon={ClipboardList}
          headingLevel="h3"
          title="No visit types yet"
          description={canEdit ? 'Add what patients book, e.g. Annual physical (30 minutes). Then say which clinicians do it.' : 'A supervisor or an administrator can add the visit types.'}
          action={
            canEdit ? (
              <Button onClick={add}>
                <Plus aria-hidden="true" />
                Add visit type
              </Button>
            ) : null
          }
        />
      ) : (
        <ul className="divide-y divide-border rounded-lg border border-border bg-card">
          {list.data.map((t) => (
            <li key={t.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
              <div className="min-w-0 space-y-0.5">
                <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium">
                  {t.nameEn}
                  <span lang="es" className="font-normal text-muted-foreground">
                    {t.nameEs}
                  </span>
                  {t.active ? null : <Badge variant="neutral">Not in use</Badge>}
                </p>
                <p className="text-sm text-muted-foreground">{rules(t)}</p>
                <p className="text-sm text-muted-foreground">
                  Booked by {CHANNELS.filter((c) => t.bookableBy.includes(c)).map((c) => CHANNEL_SHORT[c]).join(', ')} · {t.newPatientsAllowed ? 'new patients welcome' : 'returning patients only (staff may book anyone)'}
                </p>
              </div>
              {canEdit ? (
                <div className="flex gap-1">
                  <Button variant="ghost" size="sm" onClick={() => setDialog({ mode: 'edit', visitType: t })} aria-label={`Change ${t.nameEn}`}>
                    <Pencil aria-hidden="true" />
                    Change
                  </Button>
                  <Button variant="ghost" size="icon" className="size-8" onClick={() => setRemoving(t)} aria-label={`Delete ${t.nameEn}`}>
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <VisitTypeDialog target={dialog} onClose={() => setDialog(null)} />
      <ConfirmDelete
        open={removing !== null}
        title={`Delete ${removing?.nameEn ?? 'this visit type'}?`}
        description="Only a visit type with no visits can be deleted; otherwise mark it not in use."
        actionLabel="Delete visit type"
        pending={remove.isPending}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}
