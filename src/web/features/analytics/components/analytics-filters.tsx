import * as React from 'react';
import { ChevronDown, Download } from 'lucide-react';
import { GRANULARITIES, PRESETS } from '@domain/analytics/buckets';
import { Label } from '@web/components/ui/label';
import { Input } from '@web/components/ui/input';
import { Select } from '@web/components/ui/select';
import { controlClass } from '@web/components/ui/input';
import { cn } from '@web/lib/utils';
import { FilterBar } from '@web/components/ui/filter-bar';
import type { AnalyticsQueryInput } from '@contracts/analytics';
import { analyticsCsvUrl } from '../api/get-analytics';
import type { AnalyticsParams } from '../use-analytics-params';

const PRESET_LABELS: Record<(typeof PRESETS)[number], string> = { today: 'Today', '7d': 'Last 7 days', '30d': 'Last 30 days', '90d': 'Last 90 days', month: 'This month', custom: 'Custom dates' };
const GRANULARITY_LABELS = { hour: 'Hour', day: 'Day', week: 'Week', month: 'Month' } as const;

interface Props {
  params: AnalyticsParams;
  query: AnalyticsQueryInput;
  organizations: readonly { id: string; name: string; timeZone: string }[];
  update: (changes: Record<string, string | undefined>) => void;
  fieldErrors: Record<string, string>;
}

/**
 * Which organizations the figures add up: all of them (nothing in the URL), or any several of
 * them. Checkboxes in a disclosure: native keyboard and screen-reader behaviour, and it folds
 * away on a phone. The last chosen one cannot be unticked (no organization is no figure).
 */
function OrganizationChoice({ organizations, chosen, onChange }: { organizations: Props['organizations']; chosen: string[]; onChange: (orgs: string | undefined) => void }) {
  const id = React.useId();
  if (organizations.length <= 1) {
    return (
      <div className="col-span-2 space-y-1.5 md:col-span-1">
        <span className="text-sm font-medium leading-none">Organization</span>
        <p className="flex h-10 items-center text-sm">{organizations[0]?.name ?? 'None'}</p>
      </div>
    );
  }
  const all = chosen.length === 0;
  const isChosen = (orgId: string) => all || chosen.includes(orgId);
  const summary = all ? `All (${organizations.length})` : chosen.length === 1 ? (organizations.find((o) => o.id === chosen[0])?.name ?? '1 organization') : `${chosen.length} of ${organizations.length}`;
  const toggle = (orgId: string, on: boolean) => {
    const next = organizations.filter((o) => (o.id === orgId ? on : isChosen(o.id))).map((o) => o.id);
    onChange(next.length === organizations.length ? undefined : next.join(','));
  };
  return (
    <div className="col-span-2 space-y-1.5 md:col-span-1">
      <span id={`${id}-label`} className="text-sm font-medium leading-none">
        Organizations
      </span>
      <details className="group relative" data-testid="organization-choice">
        <summary aria-describedby={`${id}-label`} className={cn(controlClass, 'flex h-10 cursor-pointer list-none items-center justify-between gap-2 py-2 [&::-webkit-details-marker]:hidden')}>
          <span className="truncate">{summary}</span>
          <ChevronDown aria-hidden="true" className="size-4 shrink-0 text-muted-foreground group-open:rotate-180" />
        </summary>
        <fieldset className="absolute left-0 z-20 mt-1 w-full min-w-56 space-y-1 rounded-md border bg-popover p-2 text-popover-foreground shadow-md">
          <legend className="sr-only">Organizations to add up</legend>
          {organizations.map((o) => {
            const on = isChosen(o.id);
            const last = on && !all && chosen.length === 1;
            return (
              <label key={o.id} className="flex min-h-9 items-center gap-2 rounded-sm px-1 text-sm">
                <input type="checkbox" className="size-4" checked={on} disabled={last} onChange={(e) => toggle(o.id, e.target.checked)} />
                {o.name}
              </label>
            );
          })}
        </fieldset>
      </details>
    </div>
  );
}

/**
 * The zone the dates, buckets and heatmap are read in. Organizations in one zone: that zone, said.
 * In several: a choice among them (issue 28), so that adding an organization never moves the
 * figures to another zone unasked; each option names the organizations in it.
 */
function TimeZoneChoice({ params, onChange, error }: { params: AnalyticsParams; onChange: (zone: string) => void; error: string | undefined }) {
  const id = React.useId();
  if (params.zones.length <= 1) {
    return (
      <div className="col-span-2 space-y-1.5 md:col-span-1">
        <span className="text-sm font-medium leading-none">Time zone</span>
        <p className="flex h-10 items-center truncate text-sm" data-testid="time-zone">
          {params.timeZone}
        </p>
      </div>
    );
  }
  return (
    // Full width on a phone: zone names, and the organizations in them, are long.
    <div className="col-span-2 space-y-1.5 md:col-span-1">
      <Label htmlFor={`${id}-zone`}>Time zone</Label>
      <Select id={`${id}-zone`} data-testid="time-zone" value={params.timeZone} aria-invalid={Boolean(error)} aria-describedby={error ? `${id}-zone-error` : undefined} onChange={(e) => onChange(e.target.value)}>
        {params.zones.map((z) => (
          <option key={z.zone} value={z.zone}>
            {z.organizations.length ? `${z.zone} (${z.organizations.join(', ')})` : z.zone}
          </option>
        ))}
      </Select>
      {error ? (
        <p id={`${id}-zone-error`} className="text-xs text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Range, organizations, time zone, granularity, direction; every choice goes to the URL. */
export function AnalyticsFilters({ params, query, organizations, update, fieldErrors }: Props) {
  const id = React.useId();
  const err = (k: string) => fieldErrors[`querystring.${k}`];
  // A zone the user chose stays while one of the organizations chosen next is in it.
  const keptZone = (ids: string | undefined) => {
    const next = ids ? organizations.filter((o) => ids.split(',').includes(o.id)) : organizations;
    return params.timeZoneChosen && next.some((o) => o.timeZone === params.timeZone) ? params.timeZone : undefined;
  };
  return (
    <FilterBar label="Analytics filters" className="space-y-3">
      <div className="grid grid-cols-2 gap-3 md:grid-cols-[repeat(auto-fill,minmax(12.5rem,1fr))]">
        <div className="col-span-2 space-y-1.5 md:col-span-1">
          <Label htmlFor={`${id}-range`}>Period</Label>
          <Select id={`${id}-range`} value={params.preset} onChange={(e) => update(e.target.value === 'custom' ? { range: 'custom', from: params.from, to: params.to } : { range: e.target.value, from: undefined, to: undefined })}>
            {PRESETS.map((p) => (
              <option key={p} value={p}>
                {PRESET_LABELS[p]}
              </option>
            ))}
          </Select>
        </div>
        {params.preset === 'custom' ? (
          <>
            <div className="space-y-1.5">
              <Label htmlFor={`${id}-from`}>From</Label>
              <Input id={`${id}-from`} type="date" value={params.from} aria-invalid={Boolean(err('from'))} aria-describedby={err('from') ? `${id}-from-error` : undefined} onChange={(e) => update({ from: e.target.value || undefined })} />
              {err('from') ? <p id={`${id}-from-error`} className="text-xs text-destructive">{err('from')}</p> : null}
            </div>
            <div className="space-y-1.5">
              <Label htmlFor={`${id}-to`}>To</Label>
              <Input id={`${id}-to`} type="date" value={params.to} aria-invalid={Boolean(err('to'))} aria-describedby={err('to') ? `${id}-to-error` : undefined} onChange={(e) => update({ to: e.target.value || undefined })} />
              {err('to') ? <p id={`${id}-to-error`} className="text-xs text-destructive">{err('to')}</p> : null}
            </div>
          </>
        ) : null}
        <OrganizationChoice organizations={organizations} chosen={params.organizationIds} onChange={(ids) => update({ orgs: ids, tz: keptZone(ids) })} />
        <TimeZoneChoice params={params} onChange={(zone) => update({ tz: zone })} error={err('timeZone')} />
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-granularity`}>Per</Label>
          <Select id={`${id}-granularity`} value={params.granularity} aria-invalid={Boolean(err('granularity'))} onChange={(e) => update({ granularity: e.target.value })}>
            {GRANULARITIES.map((g) => (
              <option key={g} value={g}>
                {GRANULARITY_LABELS[g]}
              </option>
            ))}
          </Select>
          {err('granularity') ? <p className="text-xs text-destructive">{err('granularity')}</p> : null}
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-direction`}>Direction</Label>
          <Select id={`${id}-direction`} value={params.direction} onChange={(e) => update({ direction: e.target.value === 'all' ? undefined : e.target.value })}>
            <option value="all">Both</option>
            <option value="inbound">Inbound</option>
            <option value="outbound">Outbound</option>
          </Select>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <label className="inline-flex items-center gap-2">
          <input type="checkbox" checked={params.tables} onChange={(e) => update({ view: e.target.checked ? 'table' : undefined })} className="size-4" />
          Show charts as tables
        </label>
        <span className="text-muted-foreground">
          {params.from} – {params.to}
        </span>
        <span className="flex flex-wrap items-center gap-2">
          <Download aria-hidden="true" className="size-4 text-muted-foreground" />
          <span className="text-muted-foreground">CSV:</span>
          {Object.keys(fieldErrors).length > 0 ? (
            // A download of a refused query would be an error page saved as .csv.
            <span className="text-muted-foreground" data-testid="export-unavailable">
              correct the filters above to export
            </span>
          ) : (
            <>
              <a href={analyticsCsvUrl(query, 'figures')} download className="text-primary underline underline-offset-2" data-testid="export-figures">
                figures per {params.granularity}
              </a>
              <a href={analyticsCsvUrl(query, 'calls')} download className="text-primary underline underline-offset-2" data-testid="export-calls">
                calls
              </a>
              <a href={analyticsCsvUrl(query, 'handoffs')} download className="text-primary underline underline-offset-2">
                handoffs
              </a>
              <a href={analyticsCsvUrl(query, 'requests')} download className="text-primary underline underline-offset-2">
                requests
              </a>
            </>
          )}
        </span>
      </div>
    </FilterBar>
  );
}
