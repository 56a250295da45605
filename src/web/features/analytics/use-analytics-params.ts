import { useSearchParams } from 'react-router';
import { useNow } from '@web/lib/use-live-invalidation';
import { defaultZoneOf, GRANULARITIES, presetRange, PRESETS, todayIn, type Granularity, type Preset } from '@domain/analytics/buckets';
import { AnalyticsDirection, type AnalyticsQueryInput } from '@contracts/analytics';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
}

export interface AnalyticsParams {
  preset: Preset;
  from: string;
  to: string;
  organizationIds: string[];
  granularity: Granularity;
  direction: AnalyticsDirection;
  /** The zone the dates and buckets are read in: the one chosen (`tz`), else the one most of the chosen organizations share. */
  timeZone: string;
  /** Whether the user chose the zone (kept when the organizations change, while one of them is in it). */
  timeZoneChosen: boolean;
  /** The zones the figures may be read in: each chosen organization's, and the chosen zone; with the organizations in each. */
  zones: ZoneChoice[];
  /** Charts shown as tables. */
  tables: boolean;
}

export interface ZoneChoice {
  zone: string;
  organizations: string[];
}

/** The distinct zones of `organizations`, each with the names of the organizations in it, in the order they first appear. */
export function zonesOf(organizations: readonly { name: string; timeZone: string }[]): ZoneChoice[] {
  const byZone = new Map<string, string[]>();
  for (const o of organizations) byZone.set(o.timeZone, [...(byZone.get(o.timeZone) ?? []), o.name]);
  return [...byZone].map(([zone, names]) => ({ zone, organizations: names }));
}

/**
 * The page's state, all in the URL (`?range=30d|…|custom&from=&to=&orgs=a,b&granularity=&direction=&tz=&view=table`),
 * so a view can be shared and survives a reload. Presets are read on today's date in the zone shown.
 */
export function useAnalyticsParams(organizations: readonly { id: string; name: string; timeZone: string }[]) {
  const [searchParams, setSearchParams] = useSearchParams();
  // The day turns while the page is open: presets follow it (checked every minute).
  const now = useNow(60_000);
  const get = (k: string) => searchParams.get(k);
  const known = new Set(organizations.map((o) => o.id));
  const organizationIds = (get('orgs') ?? '').split(',').filter((id) => known.has(id));
  const chosen = organizationIds.length ? organizations.filter((o) => organizationIds.includes(o.id)) : organizations;
  // A zone is accepted only if one of the user's organizations is in it (as the server does).
  const asked = get('tz');
  const timeZoneChosen = asked !== null && organizations.some((o) => o.timeZone === asked);
  const timeZone = timeZoneChosen ? asked : defaultZoneOf(chosen.map((o) => o.timeZone));
  const zones = zonesOf(chosen);
  if (!zones.some((z) => z.zone === timeZone)) zones.push(zonesOf(organizations).find((z) => z.zone === timeZone) ?? { zone: timeZone, organizations: [] });
  const preset = oneOf(get('range'), PRESETS) ?? '30d';
  const today = todayIn(timeZone, now);
  let { from, to } = preset === 'custom' ? { from: '', to: '' } : presetRange(preset, today);
  if (preset === 'custom') {
    from = DATE.test(get('from') ?? '') ? get('from')! : presetRange('30d', today).from;
    to = DATE.test(get('to') ?? '') ? get('to')! : today;
  }
  const params: AnalyticsParams = {
    preset,
    from,
    to,
    organizationIds,
    granularity: oneOf(get('granularity'), GRANULARITIES) ?? (preset === 'today' ? 'hour' : preset === '90d' ? 'week' : 'day'),
    direction: oneOf(get('direction'), AnalyticsDirection.options) ?? 'all',
    timeZone,
    timeZoneChosen,
    zones,
    tables: get('view') === 'table',
  };
  const query: AnalyticsQueryInput = {
    from: params.from,
    to: params.to,
    organizations: organizationIds.length ? organizationIds.join(',') : undefined,
    granularity: params.granularity,
    direction: params.direction,
    timeZone,
  };
  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(searchParams);
    for (const [k, v] of Object.entries(changes)) {
      if (v === undefined || v === '') next.delete(k);
      else next.set(k, v);
    }
    setSearchParams(next, { replace: true });
  };
  return { params, query, update };
}
