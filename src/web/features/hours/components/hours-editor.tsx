import { formatInstantIn } from '@domain/format/clock';
import { viewerTimeZone } from '@web/lib/time-zones';
import * as React from 'react';
import { Temporal } from 'temporal-polyfill';
import type { OrganizationHours } from '@contracts/hours';
import { RefreshCw, Save, Undo2 } from 'lucide-react';
import { useBlocker } from 'react-router';
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
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { useToast } from '@web/components/ui/toast';
import { FormErrorAlert } from '@web/components/form-error-alert';
import { sentence } from '@web/lib/field-messages';
import { zoneLabel } from '@web/lib/time-zones';
import { useNow } from '@web/lib/use-now';
import { isApiError } from '@web/lib/api';
import { useSaveHours } from '../api/save-hours';
import { draftFrom, mapErrors, sameDraft, toHours, validateDraft, type DraftErrors, type HoursDraft } from '../model';
import { HoursPreview } from './hours-preview';
import { OverridesEditor } from './overrides-editor';
import { WeeklyHoursEditor } from './weekly-hours-editor';

export interface HoursEditorProps {
  stored: OrganizationHours;
  organizationName: string;
  /** The organization's country (its address): its clock and date order for times shown here. */
  country?: string | null;
  paused: boolean;
  readOnly: boolean;
  /** Fetch the latest saved hours (after a conflict). */
  onReload: () => void;
  reloading: boolean;
}

/** Live errors shown before the first save attempt: whole-row problems, not half-typed fields. */
const LIVE = (key: string) => key.startsWith('row:') || key.endsWith('.row') || key.endsWith('.to') || key.endsWith('.intervals');

/**
 * The weekly hours and date overrides of one organization, edited as a draft and saved in one
 * request with the version it started from. The draft is checked on every change by the same
 * validator the server runs, and the preview beside it uses the same time engine.
 */
export function HoursEditor({ stored, organizationName, country, paused, readOnly, onReload, reloading }: HoursEditorProps) {
  const saved = React.useMemo(() => draftFrom(stored), [stored]);
  const [draft, setDraft] = React.useState<HoursDraft>(saved);
  const [attempted, setAttempted] = React.useState(false);
  const [serverErrors, setServerErrors] = React.useState<{ errors: DraftErrors; other: string[] }>({ errors: {}, other: [] });
  const save = useSaveHours();
  const { toast } = useToast();
  const now = useNow();
  const zone = stored.timeZone;

  const dirty = !sameDraft(draft, saved);
  const client = React.useMemo(() => validateDraft(draft, stored), [draft, stored]);
  const shownClient = attempted ? client.errors : Object.fromEntries(Object.entries(client.errors).filter(([k]) => LIVE(k)));
  const errors = { ...shownClient, ...serverErrors.errors };
  const stale = isApiError(save.error) && save.error.code === 'stale_version';
  const today = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(zone).toPlainDate().toString();

  const change = (next: HoursDraft) => {
    setDraft(next);
    if (Object.keys(serverErrors.errors).length || serverErrors.other.length) setServerErrors({ errors: {}, other: [] });
  };

  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && !save.isPending && currentLocation.search + currentLocation.pathname !== nextLocation.search + nextLocation.pathname);
  React.useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const onSave = () => {
    setAttempted(true);
    if (Object.keys(client.errors).length) {
      requestAnimationFrame(() => (document.querySelector('[data-hours-editor] [aria-invalid="true"]') as HTMLElement | null)?.focus());
      return;
    }
    const { flat } = toHours(draft, zone);
    save.mutate(
      { organizationId: stored.organizationId, version: stored.version, ...flat.body },
      {
        onSuccess: () => toast({ title: `Saved the hours of ${organizationName}` }),
        onError: (error) => {
          if (isApiError(error) && error.code === 'validation_failed') {
            setServerErrors(mapErrors(error.fields, draft, flat));
            requestAnimationFrame(() => (document.querySelector('[data-hours-editor] [aria-invalid="true"]') as HTMLElement | null)?.focus());
          }
        },
      },
    );
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start" data-hours-editor>
      <div className="min-w-0 space-y-6">
        {stale ? (
          <Alert variant="warning" assertive title="Changed elsewhere — reload">
            <p>Someone saved these hours after you opened them, so your save was not applied. Reload to see the latest hours, then make your change again.</p>
            <Button variant="outline" size="sm" className="mt-2" onClick={onReload} loading={reloading}>
              <RefreshCw aria-hidden="true" />
              Reload the latest hours
            </Button>
          </Alert>
        ) : save.error && !(isApiError(save.error) && save.error.code === 'validation_failed') ? (
          <FormErrorAlert error={save.error} />
        ) : null}
        {attempted && (Object.keys(client.errors).length > 0 || Object.keys(serverErrors.errors).length > 0) ? (
          <Alert variant="destructive" assertive title="Some hours need attention">
            Nothing was saved. The problems are marked beside each field.
          </Alert>
        ) : null}
        {[...client.other, ...serverErrors.other].map((m) => (
          <Alert key={m} variant="destructive">
            {sentence(m)}
          </Alert>
        ))}

        <Card>
          <CardHeader>
            <CardTitle>Weekly hours</CardTitle>
            <CardDescription>Times are in {zoneLabel(zone)}, the organization's zone, whatever your own.</CardDescription>
          </CardHeader>
          <CardContent>
            <WeeklyHoursEditor weekly={draft.weekly} errors={errors} readOnly={readOnly} country={country} onChange={(weekly) => change({ ...draft, weekly })} />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Holidays and special hours</CardTitle>
            <CardDescription>A date or a range of dates that replaces the weekly hours: closed, or open at other times.</CardDescription>
          </CardHeader>
          <CardContent>
            <OverridesEditor overrides={draft.overrides} errors={errors} readOnly={readOnly} today={today} country={country} onChange={(overrides) => change({ ...draft, overrides })} />
          </CardContent>
        </Card>

        {readOnly ? null : (
          <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center gap-3 border-t border-border bg-background/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-xl sm:border">
            <Button onClick={onSave} loading={save.isPending} disabled={!dirty && !stale}>
              <Save aria-hidden="true" />
              Save hours
            </Button>
            <Button
              variant="outline"
              disabled={!dirty || save.isPending}
              onClick={() => {
                setDraft(saved);
                setAttempted(false);
                setServerErrors({ errors: {}, other: [] });
              }}
            >
              <Undo2 aria-hidden="true" />
              Discard changes
            </Button>
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {dirty ? 'Unsaved changes' : stored.updatedAt ? `Saved ${formatInstantIn(stored.updatedAt, zone, { country, viewerZone: viewerTimeZone() })}` : 'No hours saved yet'}
            </p>
          </div>
        )}
      </div>

      <div className="order-first lg:sticky lg:top-6 lg:order-none">
        <HoursPreview hours={client.hours} timeZone={zone} country={country} now={now} invalid={client.hours === null} paused={paused} />
      </div>

      <AlertDialog open={blocker.state === 'blocked'} onOpenChange={(open) => (open ? undefined : blocker.reset?.())}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Leave without saving?</AlertDialogTitle>
            <AlertDialogDescription>Your changes to the hours of {organizationName} have not been saved.</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Stay</AlertDialogCancel>
            <AlertDialogAction destructive onClick={() => blocker.proceed?.()}>
              Leave and discard
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
