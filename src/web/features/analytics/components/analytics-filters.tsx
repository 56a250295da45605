import * as React from 'react';
import { Download } from 'lucide-react';
import { GRANULARITIES, PRESETS } from '@domain/analytics/buckets';
import { Label } from '@web/components/ui/label';
import { Input } from '@web/components/ui/input';
import { Select } from '@web/components/ui/select';
import { FilterBar } from '@web/components/ui/filter-bar';
import type { AnalyticsQueryInput } from '@contracts/analytics';
import { analyticsCsvUrl } from '../api/get-analytics';
import type { AnalyticsParams } from '../use-analytics-params';

const PRESET_LABELS: Record<(typeof PRESETS)[number], string> = { today: 'Today', '7d': 'Last 7 days', '30d': 'Last 30 days', '90d': 'Last 90 days', month: 'This month', custom: 'Custom dates' };
const GRANULARITY_LABELS = { hour: 'Hour', day: 'Day', week: 'Week', month: 'Month' } as const;

interface Props {
  params: AnalyticsParams;
  query: AnalyticsQueryInput;
  organizations: readonly { id: string; name: string }[];
  update: (changes: Record<string, string | undefined>) => void;
  fieldErrors: Record<string, string>;
}

/** Range, organizations, granularity, direction; every choice goes to the URL. */
export function AnalyticsFilters({ params, query, organizations, update, fieldErrors }: Props) {
  const id = React.useId();
  const err = (k: string) => fieldErrors[`querystring.${k}`];
  return (
    <FilterBar label="Analytics filters" className="space-y-3">
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4 xl:grid-cols-6">
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
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-org`}>Organization</Label>
          <Select id={`${id}-org`} value={params.organizationIds.length === 1 ? params.organizationIds[0] : ''} onChange={(e) => update({ orgs: e.target.value || undefined, tz: undefined })}>
            <option value="">{organizations.length === 1 ? organizations[0]!.name : `All (${organizations.length})`}</option>
            {organizations.length > 1
              ? organizations.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.name}
                  </option>
                ))
              : null}
          </Select>
        </div>
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
            <option value="all">Inbound and outbound</option>
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
          {params.from} – {params.to} · {params.timeZone}
        </span>
        <span className="flex flex-wrap items-center gap-2">
          <Download aria-hidden="true" className="size-4 text-muted-foreground" />
          <span className="text-muted-foreground">CSV:</span>
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
        </span>
      </div>
    </FilterBar>
  );
}
