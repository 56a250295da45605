import type { OpenNowItem, StoredHours } from './hours.service.js';

function presentChange(change: { at: number; iso?: string; opens: boolean } | null) {
  return change ? { at: change.iso ?? new Date(change.at).toISOString(), opens: change.opens } : null;
}

export function presentHours(h: StoredHours) {
  return {
    organizationId: h.organization.id,
    timeZone: h.organization.timeZone,
    weekly: h.weekly,
    overrides: h.overrides.map((o) => ({ id: o.id ?? '', from: o.from, to: o.to, label: o.label, closed: o.closed, intervals: o.intervals ?? [] })),
    version: h.version,
    updatedAt: h.updatedAt?.toISOString() ?? null,
    status: { open: h.status.open, paused: h.status.paused, label: h.status.label, nextChange: presentChange(h.status.nextChange), text: h.status.text },
  };
}

export function presentOpenNowItems(items: OpenNowItem[]) {
  return items.map((i) => ({
    organizationId: i.organizationId,
    name: i.name,
    slug: i.slug,
    timeZone: i.timeZone,
    status: i.status,
    hoursVersion: i.hoursVersion,
    open: i.open,
    paused: i.paused,
    label: i.label,
    nextChange: presentChange(i.nextChange),
    text: i.text,
  }));
}

export function presentOpenNow(result: { at: number; items: OpenNowItem[] }) {
  return { at: new Date(result.at).toISOString(), items: presentOpenNowItems(result.items) };
}
