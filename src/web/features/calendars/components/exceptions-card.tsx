import * as React from 'react';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import type { Clinician, ClinicianException, Location } from '@contracts/calendars';
import { wallTimesInClock } from '@domain/format/clock';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { useToast } from '@web/components/ui/toast';
import { errorMessage, isApiError } from '@web/lib/api';
import { sentence } from '@web/lib/field-messages';
import { useRemoveException } from '../api/save-clinician';
import { formatDay, formatWallRange } from './calendar-format';
import { ExceptionDialog, type ExceptionDialogTarget } from './exception-dialog';
import { ConfirmDelete } from './record-parts';

/** "Mon, Mar 9" or "Mon, Mar 9 – Fri, Mar 13". */
function dates(e: ClinicianException, country: string | null | undefined): string {
  return e.from === e.to ? formatDay(e.from, country, { year: true }) : `${formatDay(e.from, country)} – ${formatDay(e.to, country, { year: true })}`;
}

/** A clinician's date exceptions: leave, or other hours or another place on some dates. */
export function ExceptionsCard({ clinician, locations, country, canEdit, today }: { clinician: Clinician; locations: Location[]; country: string | null | undefined; canEdit: boolean; today: string }) {
  const [target, setTarget] = React.useState<ExceptionDialogTarget | null>(null);
  const [removing, setRemoving] = React.useState<ClinicianException | null>(null);
  const remove = useRemoveException();
  const { toast } = useToast();
  const locationName = (id: string | null) => locations.find((l) => l.id === id)?.name ?? 'a location';
  const warningOf = (id: string) => clinician.warnings.filter((w) => w.path.startsWith(`exceptions.${id}`)).map((w) => w.message);
  const describe = (e: ClinicianException) => (e.kind === 'unavailable' ? 'Not available' : `${e.intervals.map((iv) => formatWallRange(iv.start, iv.end, country)).join(', ')} at ${locationName(e.locationId)}`);

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(
      { clinicianId: clinician.id, exceptionId: removing.id, version: removing.version },
      {
        onSuccess: () => toast({ title: 'Exception removed' }),
        onError: (error) => toast({ variant: 'error', title: isApiError(error) && error.code === 'stale_version' ? 'Changed elsewhere — reload' : 'Could not remove it', description: errorMessage(error) }),
        onSettled: () => setRemoving(null),
      },
    );
  };

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="space-y-1.5">
          <CardTitle as="h4">Exceptions</CardTitle>
          <CardDescription>Dates that replace the weekly hours: leave, or other hours or another location.</CardDescription>
        </div>
        {canEdit ? (
          <Button size="sm" onClick={() => setTarget({ mode: 'add', from: today })}>
            <Plus aria-hidden="true" />
            Add exception
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>
        {clinician.exceptions.length === 0 ? (
          <p className="text-sm text-muted-foreground">No exceptions: the weekly hours apply every week.</p>
        ) : (
          <ul className="divide-y divide-border rounded-lg border border-border">
            {clinician.exceptions.map((e) => {
              const ended = e.to < today;
              const warnings = ended ? [] : warningOf(e.id);
              return (
                <li key={e.id} className={`flex flex-wrap items-center justify-between gap-3 p-3 ${ended ? 'opacity-70' : ''}`}>
                  <div className="min-w-0 space-y-0.5">
                    <p className="flex flex-wrap items-center gap-2 font-medium">
                      {dates(e, country)}
                      {ended ? <Badge variant="neutral">Ended</Badge> : e.from <= today ? <Badge variant="success">Now</Badge> : null}
                    </p>
                    <p className="text-sm text-muted-foreground">
                      {describe(e)}
                      {e.note ? ` · ${e.note}` : ''}
                    </p>
                    {warnings.map((w) => (
                      <p key={w} className="text-sm text-warning-soft-foreground">
                        {sentence(wallTimesInClock(w, country))}
                      </p>
                    ))}
                  </div>
                  {canEdit ? (
                    <div className="flex gap-1">
                      <Button variant="ghost" size="sm" onClick={() => setTarget({ mode: 'edit', exception: e })} aria-label={`Change exception ${dates(e, country)}`}>
                        <Pencil aria-hidden="true" />
                        Change
                      </Button>
                      <Button variant="ghost" size="icon" className="size-8" onClick={() => setRemoving(e)} aria-label={`Remove exception ${dates(e, country)}`}>
                        <Trash2 aria-hidden="true" />
                      </Button>
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
      <ExceptionDialog clinician={clinician} locations={locations} country={country} target={target} onClose={() => setTarget(null)} />
      <ConfirmDelete
        open={removing !== null}
        title="Remove this exception?"
        description={removing ? `${clinician.name}'s weekly hours will apply again on ${dates(removing, country)}.` : ''}
        actionLabel="Remove"
        pending={remove.isPending}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      />
    </Card>
  );
}
