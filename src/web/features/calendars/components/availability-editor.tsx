import * as React from 'react';
import { useBlocker } from 'react-router';
import { Copy, Plus, RefreshCw, Save, Undo2 } from 'lucide-react';
import { AvailabilityBody, type Clinician, type Location } from '@contracts/calendars';
import { usesTwelveHourClock, wallTimesInClock } from '@domain/format/clock';
import { FormErrorAlert } from '@web/components/form-error-alert';
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
import { useToast } from '@web/components/ui/toast';
import { isApiError } from '@web/lib/api';
import { sentence } from '@web/lib/field-messages';
import { DAYS } from '@web/lib/weekdays';
import { useSaveAvailability } from '../api/save-clinician';
import { AvailabilityRow, type RangeDraft } from './availability-row';
import { formatWallRange } from './calendar-format';
import { issuesByPath } from './record-parts';

let seq = 0;
const newKey = () => `r${++seq}`;

/** The saved week as a draft; a saved range's key is `s<index>`, the index the server's warnings name. */
function draftOf(clinician: Clinician): RangeDraft[] {
  return clinician.weekly.map((r, i) => ({ key: `s${i}`, day: r.day, start: r.start, end: r.end, locationId: r.locationId }));
}

/** Monday to Sunday, each day's ranges by their start: the order sent, so the server's `weekly.N` name a row. */
function ordered(draft: RangeDraft[]): RangeDraft[] {
  return DAYS.flatMap(({ day }) => draft.filter((r) => r.day === day));
}

const same = (a: RangeDraft[], b: RangeDraft[]) =>
  a.length === b.length && ordered(a).every((r, i) => {
    const o = ordered(b)[i]!;
    return r.day === o.day && r.start === o.start && r.end === o.end && r.locationId === o.locationId;
  });

/** "weekly.3.end" → errors keyed by the row ("<key>.end", "row:<key>"). */
function errorsByRow(fields: Record<string, string>, sent: RangeDraft[]): { rows: Record<string, string>; other: string[] } {
  const rows: Record<string, string> = {};
  const other: string[] = [];
  for (const [path, message] of Object.entries(fields)) {
    const m = /^weekly\.(\d+)(?:\.(start|end|locationId|day))?$/.exec(path);
    const row = m ? sent[Number(m[1])] : undefined;
    if (!row) other.push(message);
    else rows[m![2] && m![2] !== 'day' ? `${row.key}.${m![2]}` : `row:${row.key}`] ??= message;
  }
  return { rows, other };
}

function bump(time: string, minutes: number): string {
  const [h, m] = time.split(':').map(Number);
  const total = Math.min(23 * 60 + 59, (h ?? 0) * 60 + (m ?? 0) + minutes);
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

export interface AvailabilityEditorProps {
  clinician: Clinician;
  locations: Location[];
  /** The practice's country: times are typed and shown in its clock. */
  country: string | null | undefined;
  canEdit: boolean;
  onReload: () => void;
}

/**
 * A clinician's weekly availability: per weekday, any number of ranges at a location (breaks are
 * gaps). Edited as a draft and saved at once with the version it started from; checked first by
 * the endpoint's own schema, then by the server, whose messages stand beside their rows. Ranges
 * outside office hours are saved and marked: no visit is offered then.
 */
export function AvailabilityEditor({ clinician, locations, country, canEdit, onReload }: AvailabilityEditorProps) {
  const saved = React.useMemo(() => draftOf(clinician), [clinician]);
  const [draft, setDraft] = React.useState<RangeDraft[]>(saved);
  const [attempted, setAttempted] = React.useState(false);
  const [server, setServer] = React.useState<{ rows: Record<string, string>; other: string[] }>({ rows: {}, other: [] });
  const save = useSaveAvailability();
  const { toast } = useToast();
  const rootRef = React.useRef<HTMLDivElement>(null);
  const dirty = !same(draft, saved);
  const stale = isApiError(save.error) && save.error.code === 'stale_version';

  const toSend = ordered(draft);
  const body = { version: clinician.version, weekly: toSend.map((r) => ({ day: r.day, start: r.start, end: r.end === '00:00' ? '24:00' : r.end, locationId: r.locationId })) };
  const checked = AvailabilityBody.safeParse(body);
  const client = errorsByRow(issuesByPath(checked.error?.issues), toSend);
  const errors = { ...(attempted ? client.rows : {}), ...server.rows };
  const otherErrors = [...(attempted ? client.other : []), ...server.other];

  const warnings = new Map<string, string>();
  const otherWarnings: string[] = [];
  for (const w of clinician.warnings) {
    const m = /^weekly\.(\d+)$/.exec(w.path);
    if (m && saved[Number(m[1])]) warnings.set(saved[Number(m[1])]!.key, w.message);
    else if (!w.path.startsWith('exceptions.')) otherWarnings.push(w.message);
  }

  const blocker = useBlocker(({ currentLocation, nextLocation }) => canEdit && dirty && !save.isPending && currentLocation.pathname + currentLocation.search !== nextLocation.pathname + nextLocation.search);
  React.useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const change = (next: RangeDraft[]) => {
    setDraft(next);
    if (Object.keys(server.rows).length || server.other.length) setServer({ rows: {}, other: [] });
  };
  const focusFirstInvalid = () => requestAnimationFrame(() => (rootRef.current?.querySelector('[aria-invalid="true"]') as HTMLElement | null)?.focus());

  const activeLocations = locations.filter((l) => l.active);
  const usualLocation = () => {
    const counts = new Map<string, number>();
    for (const r of draft) counts.set(r.locationId, (counts.get(r.locationId) ?? 0) + 1);
    const best = [...counts].filter(([id]) => activeLocations.some((l) => l.id === id)).sort((a, b) => b[1] - a[1])[0]?.[0];
    return best ?? activeLocations[0]?.id ?? '';
  };
  const add = (day: number) => {
    const list = draft.filter((r) => r.day === day);
    const last = list[list.length - 1];
    const times = last && last.end < '22:00' && last.end !== '00:00' ? { start: bump(last.end, 60), end: bump(last.end, 240) } : { start: '09:00', end: '17:00' };
    change([...draft, { key: newKey(), day, ...times, locationId: last?.locationId ?? usualLocation() }]);
    requestAnimationFrame(() => document.getElementById(`avail-${day}-${list.length}-start`)?.focus());
  };
  const copyMonday = () => {
    const monday = draft.filter((r) => r.day === 1);
    change([...draft.filter((r) => r.day === 1 || r.day > 5), ...[2, 3, 4, 5].flatMap((day) => monday.map((r) => ({ ...r, key: newKey(), day })))]);
  };

  const onSave = () => {
    setAttempted(true);
    if (!checked.success) return focusFirstInvalid();
    const sent = toSend;
    save.mutate(
      { clinicianId: clinician.id, ...checked.data },
      {
        onSuccess: (answer) => {
          const outside = answer ? answer.warnings.filter((w) => w.path.startsWith('weekly.')).length : 0;
          toast({
            title: `Saved the hours of ${clinician.name}`,
            ...(outside ? { variant: 'info' as const, description: `${outside === 1 ? 'One range is' : `${outside} ranges are`} outside office hours: no visits are offered then.` } : {}),
          });
        },
        onError: (error) => {
          if (isApiError(error) && error.code === 'validation_failed') {
            setServer(errorsByRow(error.fields, sent));
            focusFirstInvalid();
          }
        },
      },
    );
  };

  const locationName = (id: string) => locations.find((l) => l.id === id)?.name ?? 'a location';

  if (!canEdit) {
    return (
      <ul className="divide-y divide-border rounded-lg border border-border">
        {DAYS.map(({ day, name }) => {
          const list = saved.filter((r) => r.day === day);
          return (
            <li key={day} className="grid gap-1 p-3 sm:grid-cols-[6.5rem_1fr] sm:gap-4">
              <p className="text-sm font-semibold">{name}</p>
              {list.length === 0 ? (
                <p className="text-sm text-muted-foreground">Not available</p>
              ) : (
                <ul className="space-y-0.5 text-sm">
                  {list.map((r) => (
                    <li key={r.key}>
                      <span className="tabular-nums">{formatWallRange(r.start, r.end, country)}</span> at {locationName(r.locationId)}
                      {warnings.get(r.key) ? <span className="block text-warning-soft-foreground">{sentence(wallTimesInClock(warnings.get(r.key)!, country))}</span> : null}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <div ref={rootRef} className="space-y-3" data-availability-editor>
      {stale ? (
        <Alert variant="warning" assertive title="Changed elsewhere — reload">
          <p>Someone saved these hours after you opened them, so your save was not applied. Reload to see the latest hours, then make your change again.</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={onReload}>
            <RefreshCw aria-hidden="true" />
            Reload the latest hours
          </Button>
        </Alert>
      ) : save.error && !(isApiError(save.error) && save.error.code === 'validation_failed') ? (
        <FormErrorAlert error={save.error} />
      ) : null}
      {attempted && (Object.keys(errors).length > 0 || otherErrors.length > 0) ? (
        <Alert variant="destructive" assertive title="Some hours need attention">
          Nothing was saved. The problems are marked beside each range.
          {otherErrors.map((m) => (
            <span key={m} className="block">
              {sentence(m)}
            </span>
          ))}
        </Alert>
      ) : null}
      {!dirty && (warnings.size > 0 || otherWarnings.length > 0) ? (
        <Alert variant="warning" title="Some hours are outside office hours">
          They are saved, but no visit is offered while the office is closed.
          {otherWarnings.map((m) => (
            <span key={m} className="block">
              {sentence(wallTimesInClock(m, country))}
            </span>
          ))}
        </Alert>
      ) : null}
      {activeLocations.length === 0 ? (
        <Alert variant="info" title="No location in use">
          Each range is at a location: add one in the Locations tab first.
        </Alert>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">
          Type times as {usesTwelveHourClock(country) ? '9:00 AM, 9am or 17:30' : '09:00, 9.30 or 5:30 PM'}. Add several ranges for a break; a range ends the same day.
        </p>
        <Button type="button" variant="outline" size="sm" onClick={copyMonday} disabled={!draft.some((r) => r.day === 1)}>
          <Copy aria-hidden="true" />
          Copy Monday to weekdays
        </Button>
      </div>
      <ul className="divide-y divide-border rounded-lg border border-border">
        {DAYS.map(({ day, name }) => {
          const list = draft.filter((r) => r.day === day);
          return (
            <li key={day} className="grid gap-2 p-2 sm:grid-cols-[6.5rem_1fr] sm:items-start sm:gap-4 sm:p-3">
              <p className="text-sm font-semibold sm:pt-2.5" id={`avail-${day}-label`}>
                {name}
              </p>
              <div className="min-w-0 space-y-2" role="group" aria-labelledby={`avail-${day}-label`}>
                {list.length === 0 ? <p className="text-sm text-muted-foreground sm:pt-2.5">Not available</p> : null}
                {list.map((r, i) => (
                  <AvailabilityRow
                    key={r.key}
                    range={r}
                    label={`${name}, range ${i + 1}`}
                    idPrefix={`avail-${day}-${i}`}
                    locations={locations}
                    country={country}
                    errors={{ start: errors[`${r.key}.start`], end: errors[`${r.key}.end`], locationId: errors[`${r.key}.locationId`], row: errors[`row:${r.key}`] }}
                    warning={warnings.get(r.key)}
                    onChange={(patch) => change(draft.map((x) => (x.key === r.key ? { ...x, ...patch } : x)))}
                    onRemove={() => change(draft.filter((x) => x.key !== r.key))}
                  />
                ))}
                <Button type="button" variant="ghost" size="sm" onClick={() => add(day)} className="-ml-2" aria-label={`Add hours on ${name}`}>
                  <Plus aria-hidden="true" />
                  Add hours
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
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
            setServer({ rows: {}, other: [] });
          }}
        >
          <Undo2 aria-hidden="true" />
          Discard changes
        </Button>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {dirty ? 'Unsaved changes' : saved.length ? 'All changes saved' : 'No hours yet'}
        </p>
      </div>
      <AlertDialog open={blocker.state === 'blocked'} onOpenChange={(open) => (open ? undefined : blocker.reset?.())}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Leave without saving?</AlertDialogTitle>
            <AlertDialogDescription>Your changes to the hours of {clinician.name} have not been saved.</AlertDialogDescription>
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
