import { CalendarClock } from 'lucide-react';
import { cn } from '@web/lib/utils';
import type { ScheduleSummary } from '@contracts/schedules';
import { Badge } from '@web/components/ui/badge';
import { DUTY_NOT_NEEDED, PURPOSE_OPTIONS } from './schedule-format';

/** The organization's schedules, each with who is on duty now; one is selected. */
export function ScheduleList({ schedules, selectedId, onSelect }: { schedules: ScheduleSummary[]; selectedId: string | null; onSelect: (id: string) => void }) {
  return (
    <ul className="space-y-2" aria-label="Schedules">
      {schedules.map((s) => {
        const selected = s.id === selectedId;
        return (
          <li key={s.id}>
            <button
              type="button"
              aria-current={selected ? 'true' : undefined}
              onClick={() => onSelect(s.id)}
              className={cn(
                'flex w-full items-start gap-3 rounded-lg border border-border bg-card p-3 text-left transition-colors hover:bg-muted',
                selected && 'border-primary bg-accent hover:bg-accent',
              )}
            >
              <CalendarClock aria-hidden="true" className={cn('mt-0.5 size-4 shrink-0', selected ? 'text-primary' : 'text-muted-foreground')} />
              <span className="min-w-0 flex-1">
                <span className="flex flex-wrap items-center gap-2 font-medium">
                  {s.name}
                  <Badge variant={s.purpose === 'after_hours' ? 'info' : 'neutral'}>{PURPOSE_OPTIONS.find((o) => o.value === s.purpose)?.short}</Badge>
                </span>
                <span className="block text-sm text-muted-foreground">
                  {s.dutyNow === 'on_duty' ? (
                    `On duty: ${s.onDutyNow.map((a) => a.name).join(', ')}`
                  ) : s.dutyNow === 'gap' ? (
                    <span className="text-destructive">No one on duty now</span>
                  ) : (
                    DUTY_NOT_NEEDED[s.dutyNow]
                  )}
                </span>
                <span className="block text-xs text-muted-foreground">
                  {s.shiftCount === 1 ? '1 shift' : `${s.shiftCount} shifts`}
                  {s.overrideCount ? ` · ${s.overrideCount} upcoming cover` : ''}
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
