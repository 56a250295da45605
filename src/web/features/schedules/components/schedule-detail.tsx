import * as React from 'react';
import { usePractice } from '@web/lib/use-practice';
import { Temporal } from 'temporal-polyfill';
import { Pencil, Phone, Plus, Trash2, UserRound } from 'lucide-react';
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
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { LoadingBlock } from '@web/components/ui/spinner';
import { useToast } from '@web/components/ui/toast';
import { useNow } from '@web/lib/use-now';
import { zoneLabel } from '@web/lib/time-zones';
import type { Member } from '@contracts/organizations';
import type { Assignee, Schedule, ScheduleOverride, Shift } from '@contracts/schedules';
import { errorMessage, isApiError } from '@web/lib/api';
import { useCoverage } from '../api/get-coverage';
import { useRemoveOverride, useRemoveShift } from '../api/save-schedule';
import { CoverageCalendar } from './coverage-calendar';
import { OverrideDialog, type OverrideDialogTarget } from './override-dialog';
import { ShiftDialog, type ShiftDialogTarget } from './shift-dialog';
import { DUTY_NOT_NEEDED, formatDays, formatLocal, formatShiftTime } from './schedule-format';

type Removal = { kind: 'shift'; shift: Shift } | { kind: 'override'; override: ScheduleOverride };

function AssigneeName({ a }: { a: Assignee }) {
  const Icon = a.type === 'user' ? UserRound : Phone;
  return (
    <span className="inline-flex items-center gap-1.5">
      <Icon aria-hidden="true" className="size-3.5 text-muted-foreground" />
      <span className={a.type === 'phone' ? 'font-mono text-[0.8125rem]' : undefined}>{a.name}</span>
    </span>
  );
}

/** One schedule: who is on duty now, the week ahead, its shifts and its cover. */
export function ScheduleDetail({ schedule, members, canEdit }: { schedule: Schedule; members: Member[]; canEdit: boolean }) {
  const now = useNow(60_000);
  const coverage = useCoverage(schedule.id, 7);
  const [shiftTarget, setShiftTarget] = React.useState<ShiftDialogTarget | null>(null);
  const [overrideTarget, setOverrideTarget] = React.useState<OverrideDialogTarget | null>(null);
  const [removal, setRemoval] = React.useState<Removal | null>(null);
  const removeShift = useRemoveShift();
  const removeOverride = useRemoveOverride();
  const { toast } = useToast();
  const zone = schedule.timeZone;
  // Shifts, cover and the 7-day view in the clock of the practice's country, like its hours (issue 28).
  const country = usePractice(schedule.organizationId)?.country;

  const newOverrideTimes = () => {
    const start = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(zone).round({ smallestUnit: 'hour', roundingMode: 'ceil' });
    const fmt = (z: Temporal.ZonedDateTime) => z.toPlainDateTime().toString({ smallestUnit: 'minute' });
    return { from: fmt(start), to: fmt(start.add({ hours: 8 })) };
  };

  const confirmRemoval = () => {
    if (!removal) return;
    const done = (what: string) => ({
      onSuccess: () => {
        toast({ title: `${what} removed` });
        setRemoval(null);
      },
      onError: (error: unknown) => {
        setRemoval(null);
        toast({
          variant: 'error',
          title: isApiError(error) && error.code === 'stale_version' ? 'Changed elsewhere — reload' : 'Could not remove it',
          description: errorMessage(error),
        });
      },
    });
    if (removal.kind === 'shift') removeShift.mutate({ scheduleId: schedule.id, shiftId: removal.shift.id, version: removal.shift.version }, done('Shift'));
    else removeOverride.mutate({ scheduleId: schedule.id, overrideId: removal.override.id, version: removal.override.version }, done('Cover'));
  };

  const nowMs = now.getTime();
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>On duty now</CardTitle>
          <CardDescription>In the order transfers try them.</CardDescription>
        </CardHeader>
        <CardContent>
          {schedule.onDutyNow.length ? (
            <ol className="flex flex-wrap gap-2" data-testid="on-duty-now">
              {schedule.onDutyNow.map((a, i) => (
                <li key={`${a.type}:${a.userId ?? a.phone}`} className="inline-flex items-center gap-2 rounded-full border border-border bg-card px-3 py-1 text-sm">
                  <span className="text-xs font-semibold text-muted-foreground">{i + 1}</span>
                  <AssigneeName a={a} />
                </li>
              ))}
            </ol>
          ) : schedule.dutyNow === 'gap' ? (
            <p className="text-sm font-medium text-destructive" data-testid="on-duty-now">
              No one is on duty right now.
            </p>
          ) : (
            <p className="text-sm text-muted-foreground" data-testid="on-duty-now">
              {DUTY_NOT_NEEDED[schedule.dutyNow === 'office_open' ? 'office_open' : 'office_closed']}
            </p>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>The next 7 days</CardTitle>
          <CardDescription>In {zoneLabel(zone)}. Gaps in coverage are striped red.</CardDescription>
        </CardHeader>
        <CardContent>
          {coverage.isPending ? (
            <LoadingBlock label="Loading the week…" className="py-8" />
          ) : coverage.isError ? (
            <Alert variant="destructive" title="The week could not be loaded.">
              {errorMessage(coverage.error)}
            </Alert>
          ) : (
            <CoverageCalendar coverage={coverage.data} now={now} country={country} />
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
          <div className="space-y-1.5">
            <CardTitle>Shifts</CardTitle>
            <CardDescription>Every week on the chosen days. Lower precedence comes first.</CardDescription>
          </div>
          {canEdit ? (
            <Button size="sm" onClick={() => setShiftTarget({ mode: 'add' })}>
              <Plus aria-hidden="true" />
              Add shift
            </Button>
          ) : null}
        </CardHeader>
        <CardContent>
          {schedule.shifts.length === 0 ? (
            <p className="text-sm text-muted-foreground">No shifts yet{canEdit ? ': add who is on duty on which days.' : '.'}</p>
          ) : (
            <ul className="divide-y divide-border rounded-lg border border-border">
              {schedule.shifts.map((s) => (
                <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
                  <div className="min-w-0 space-y-0.5">
                    <p className="font-medium">
                      <AssigneeName a={s.assignee} />
                    </p>
                    <p className="text-sm text-muted-foreground">
                      {formatDays(s.days)}, {formatShiftTime(s.start, s.end, country)}
                      {s.effectiveFrom || s.effectiveTo ? ` · ${s.effectiveFrom ? `from ${s.effectiveFrom}` : ''}${s.effectiveFrom && s.effectiveTo ? ' ' : ''}${s.effectiveTo ? `until ${s.effectiveTo}` : ''}` : ''}
                      {' · '}precedence {s.precedence}
                    </p>
                  </div>
                  {canEdit ? (
                    <div className="flex gap-1">
                      <Button variant="ghost" size="sm" onClick={() => setShiftTarget({ mode: 'edit', shift: s })} aria-label={`Change shift of ${s.assignee.name}, ${formatDays(s.days)}`}>
                        <Pencil aria-hidden="true" />
                        Change
                      </Button>
                      <Button variant="ghost" size="icon" className="size-8" onClick={() => setRemoval({ kind: 'shift', shift: s })} aria-label={`Remove shift of ${s.assignee.name}, ${formatDays(s.days)}`}>
                        <Trash2 aria-hidden="true" />
                      </Button>
                    </div>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
          <div className="space-y-1.5">
            <CardTitle>Cover</CardTitle>
            <CardDescription>One-off changes: someone on duty from one moment to another, optionally covering for someone.</CardDescription>
          </div>
          {canEdit ? (
            <Button size="sm" onClick={() => setOverrideTarget({ mode: 'add', ...newOverrideTimes() })}>
              <Plus aria-hidden="true" />
              Add cover
            </Button>
          ) : null}
        </CardHeader>
        <CardContent>
          {schedule.overrides.length === 0 ? (
            <p className="text-sm text-muted-foreground">No cover arranged.</p>
          ) : (
            <ul className="divide-y divide-border rounded-lg border border-border">
              {schedule.overrides.map((o) => {
                const running = Date.parse(o.from) <= nowMs && nowMs < Date.parse(o.to);
                const ended = Date.parse(o.to) <= nowMs;
                return (
                  <li key={o.id} className={`flex flex-wrap items-center justify-between gap-3 p-3 ${ended ? 'opacity-70' : ''}`}>
                    <div className="min-w-0 space-y-0.5">
                      <p className="flex flex-wrap items-center gap-x-2 font-medium">
                        <AssigneeName a={o.assignee} />
                        {o.replacesAssignee ? (
                          <span className="font-normal text-muted-foreground">
                            covers for <AssigneeName a={o.replacesAssignee} />
                          </span>
                        ) : null}
                        {running ? <Badge variant="success">Now</Badge> : ended ? <Badge variant="neutral">Ended</Badge> : null}
                      </p>
                      <p className="text-sm text-muted-foreground">
                        {formatLocal(o.fromLocal, country)} to {formatLocal(o.toLocal, country)}
                        {o.note ? ` · ${o.note}` : ''}
                      </p>
                    </div>
                    {canEdit ? (
                      <div className="flex gap-1">
                        <Button variant="ghost" size="sm" onClick={() => setOverrideTarget({ mode: 'edit', override: o })} aria-label={`Change cover by ${o.assignee.name} from ${formatLocal(o.fromLocal, country)}`}>
                          <Pencil aria-hidden="true" />
                          Change
                        </Button>
                        <Button variant="ghost" size="icon" className="size-8" onClick={() => setRemoval({ kind: 'override', override: o })} aria-label={`Remove cover by ${o.assignee.name} from ${formatLocal(o.fromLocal, country)}`}>
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
      </Card>

      <ShiftDialog schedule={schedule} members={members} country={country} target={shiftTarget} onClose={() => setShiftTarget(null)} />
      <OverrideDialog schedule={schedule} members={members} country={country} target={overrideTarget} onClose={() => setOverrideTarget(null)} />
      <AlertDialog open={removal !== null} onOpenChange={(open) => (open ? undefined : setRemoval(null))}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{removal?.kind === 'shift' ? 'Remove this shift?' : 'Remove this cover?'}</AlertDialogTitle>
            <AlertDialogDescription>
              {removal?.kind === 'shift'
                ? `${removal.shift.assignee.name} will no longer be on duty ${formatDays(removal.shift.days)}, ${formatShiftTime(removal.shift.start, removal.shift.end, country)}.`
                : removal
                  ? `${removal.override.assignee.name} will not cover from ${formatLocal(removal.override.fromLocal, country)}.`
                  : null}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction
              destructive
              onClick={(e) => {
                e.preventDefault();
                confirmRemoval();
              }}
            >
              Remove
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
