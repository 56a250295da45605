import * as React from 'react';
import { formatDateTime } from '@web/lib/format-date';
import { Phone, Search, SlidersHorizontal } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { ClearFiltersButton, FilterBar, FilterSelect } from '@web/components/ui/filter-bar';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Switch } from '@web/components/ui/switch';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { cn } from '@web/lib/utils';
import { DIRECTION_LABELS, OUTCOME_LABELS, STATUS_LABELS } from '@web/lib/call-labels';
import { CallDirection, CallOutcome, CallStatus } from '@contracts/calls';
import type { CallFilterKey, CallListFilters } from '../use-call-list-params';

export interface CallFiltersProps {
  filters: CallListFilters;
  organizations: readonly { id: string; name: string }[];
  hasFilters: boolean;
  onChange: (key: CallFilterKey, value: string | undefined) => void;
  onClear: () => void;
  /** The server's message about a field (e.g. a phone number it could not read). */
  fieldErrors?: Record<string, string>;
}

/** A text box that sends its value to the URL once typing pauses, and follows the URL when it changes elsewhere. */
function useDebouncedField(urlValue: string, onCommit: (value: string | undefined) => void) {
  const [value, setValue] = React.useState(urlValue);
  const debounced = useDebouncedValue(value, 350);
  React.useEffect(() => {
    if (debounced.trim() !== urlValue.trim()) onCommit(debounced.trim() || undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the debounced text changes
  }, [debounced]);
  const [lastUrl, setLastUrl] = React.useState(urlValue);
  if (urlValue !== lastUrl) {
    setLastUrl(urlValue);
    if (urlValue.trim() !== value.trim()) setValue(urlValue);
  }
  return [value, setValue] as const;
}

const HANDOFF_OPTIONS = [
  { value: 'yes', label: 'Handed off' },
  { value: 'no', label: 'Not handed off' },
] as const;

const secondaryKeys = ['org', 'direction', 'status', 'outcome', 'from', 'to', 'handoff', 'live'] as const;

const dateOnly = (v: string | undefined) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : '');
const WEEKDAYS = ['Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays', 'Saturdays', 'Sundays'];

/** The choice analytics' drill-down makes when several organizations are shown: their names. */
function severalOrganizations(ids: string, organizations: readonly { id: string; name: string }[]): string {
  const names = ids.split(',').map((id) => organizations.find((o) => o.id === id)?.name ?? 'an organization');
  return names.length > 2 ? `${names.length} organizations: ${names.join(', ')}` : names.join(' and ');
}

/** A slice opened from analytics (an exact hour, or an hour of the week) has no field of its own: say what it is, and let it go. */
function AnalyticsSliceNotice({ filters, onChange }: Pick<CallFiltersProps, 'filters' | 'onChange'>) {
  const exact = (v: string | undefined) => Boolean(v) && !dateOnly(v);
  if (!filters.hourOfWeek && !exact(filters.from) && !exact(filters.to)) return null;
  const parts: string[] = [];
  if (filters.hourOfWeek) {
    const [d, h] = filters.hourOfWeek.split('-');
    parts.push(`${WEEKDAYS[Number(d) - 1]} ${h}:00–${String(Number(h) + 1).padStart(2, '0')}:00 (${filters.timeZone ?? 'UTC'})`);
  }
  if (exact(filters.from) || exact(filters.to)) parts.push(`started ${filters.from ? `from ${formatDateTime(filters.from)}` : ''} ${filters.to ? `before ${formatDateTime(filters.to)}` : ''}`.trim());
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-md border border-dashed p-2 text-sm sm:col-span-2 md:col-span-4" data-testid="analytics-slice">
      <span>From analytics: {parts.join(', ')}</span>
      <button
        type="button"
        className="underline underline-offset-2"
        onClick={() => {
          onChange('how', undefined);
          onChange('tz', undefined);
          if (exact(filters.from)) onChange('from', undefined);
          if (exact(filters.to)) onChange('to', undefined);
        }}
      >
        Remove this slice
      </button>
    </div>
  );
}

/** Search in transcripts, phone number and the other filters of the calls list (the search and number in history state, the rest in the URL). */
export function CallFilters({ filters, organizations, hasFilters, onChange, onClear, fieldErrors = {} }: CallFiltersProps) {
  const id = React.useId();
  const [q, setQ] = useDebouncedField(filters.q, (v) => onChange('q', v));
  const [phone, setPhone] = useDebouncedField(filters.phone, (v) => onChange('phone', v));
  const activeSecondary = secondaryKeys.filter((k) => {
    const map: Record<(typeof secondaryKeys)[number], unknown> = {
      org: filters.organizationId,
      direction: filters.direction,
      status: filters.status,
      outcome: filters.outcome,
      from: filters.from,
      to: filters.to,
      handoff: filters.hasHandoff,
      live: filters.live,
    };
    return Boolean(map[k]);
  }).length;
  // Wide screens show every filter; on a phone the secondary ones fold away until asked for.
  const [open, setOpen] = React.useState(() => typeof window === 'undefined' || window.matchMedia('(min-width: 768px)').matches || activeSecondary > 0);
  const phoneError = fieldErrors.phone;

  return (
    <FilterBar label="Filter calls" className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto] sm:items-end">
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-q`}>Search transcripts</Label>
          <div className="relative">
            <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
            <Input
              id={`${id}-q`}
              type="search"
              placeholder='Words the caller or agent said, "a phrase"'
              autoComplete="off"
              className="pl-9"
              maxLength={200}
              value={q}
              onChange={(event) => setQ(event.target.value)}
            />
          </div>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-phone`}>Phone number</Label>
          <div className="relative">
            <Phone aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
            <Input
              id={`${id}-phone`}
              type="tel"
              inputMode="tel"
              placeholder="(860) 555-0142"
              autoComplete="off"
              className="pl-9"
              maxLength={40}
              value={phone}
              aria-invalid={phoneError ? true : undefined}
              aria-describedby={phoneError ? `${id}-phone-error` : undefined}
              onChange={(event) => setPhone(event.target.value)}
            />
          </div>
        </div>
        <div className="flex gap-2">
          <Button variant="outline" aria-expanded={open} aria-controls={`${id}-more`} onClick={() => setOpen((o) => !o)} className="md:hidden">
            <SlidersHorizontal aria-hidden="true" />
            Filters{activeSecondary ? ` (${activeSecondary})` : ''}
          </Button>
          {hasFilters ? (
            <ClearFiltersButton
              onClick={() => {
                setQ('');
                setPhone('');
                onClear();
              }}
            />
          ) : null}
        </div>
      </div>
      {phoneError ? (
        <p id={`${id}-phone-error`} className="text-sm font-medium text-destructive">
          {phoneError}
        </p>
      ) : null}

      <div id={`${id}-more`} className={cn('grid gap-3 sm:grid-cols-2 md:grid-cols-4', !open && 'hidden md:grid')}>
        {organizations.length > 1 ? (
          <FilterSelect
            label="Organization"
            value={filters.organizationId}
            onChange={(v) => onChange('org', v)}
            anyLabel="All organizations"
            options={organizations.map((o) => ({ value: o.id, label: o.name }))}
          >
            {filters.organizationId?.includes(',') ? <option value={filters.organizationId}>{severalOrganizations(filters.organizationId, organizations)}</option> : null}
          </FilterSelect>
        ) : null}
        <FilterSelect
          label="Direction"
          value={filters.direction}
          onChange={(v) => onChange('direction', v)}
          anyLabel="Both"
          options={CallDirection.options.map((d) => ({ value: d, label: DIRECTION_LABELS[d] }))}
        />
        <FilterSelect
          label="Status"
          value={filters.status}
          onChange={(v) => onChange('status', v)}
          anyLabel="Any status"
          options={CallStatus.options.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
        />
        <FilterSelect
          label="Outcome"
          value={filters.outcome}
          onChange={(v) => onChange('outcome', v)}
          anyLabel="Any outcome"
          options={CallOutcome.options.map((o) => ({ value: o, label: OUTCOME_LABELS[o] }))}
        >
          <option value="none">No outcome yet</option>
        </FilterSelect>
        <FilterSelect label="Handoff" value={filters.hasHandoff} onChange={(v) => onChange('handoff', v)} anyLabel="With or without" options={HANDOFF_OPTIONS} />
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-from`}>From</Label>
          <Input id={`${id}-from`} type="date" value={dateOnly(filters.from)} max={dateOnly(filters.to) || undefined} onChange={(e) => onChange('from', e.target.value || undefined)} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-to`}>To</Label>
          <Input id={`${id}-to`} type="date" value={dateOnly(filters.to)} min={dateOnly(filters.from) || undefined} onChange={(e) => onChange('to', e.target.value || undefined)} />
        </div>
        <AnalyticsSliceNotice filters={filters} onChange={onChange} />
        <div className="flex flex-wrap items-center gap-2 pt-1 sm:col-span-2 md:col-span-4">
          <Switch id={`${id}-live`} checked={Boolean(filters.live)} onCheckedChange={(on) => onChange('live', on ? '1' : undefined)} />
          <Label htmlFor={`${id}-live`}>Only live calls</Label>
          <span className="text-sm text-muted-foreground">· dates are each organization's own calendar days</span>
        </div>
      </div>
    </FilterBar>
  );
}
