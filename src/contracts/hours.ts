import { z } from 'zod';
import { HoursOverride, WeeklyInterval, hoursIssues } from '../domain/time/hours.schema.js';
import { OrganizationStatus } from './organizations.js';

/**
 * The hours endpoints (/api/organizations/:id/hours, /api/organizations/open-now): what the
 * server validates and answers, and what the web's hours editor sends and checks as it edits.
 */

export const MAX_WEEKLY_INTERVALS = 200;
export const MAX_OVERRIDES = 500;
export const MAX_OVERRIDE_INTERVALS = 24;

/**
 * The weekly intervals and date overrides of an organization, in its zone. The domain's schemas
 * check each field; the domain's cross-field rules (overlaps named by their times, special days
 * without hours) run here too, so every problem is reported against its field in one answer.
 */
export const HoursBody = z
  .object({
    version: z.number({ error: 'Send the version you started from.' }).int().min(0),
    weekly: z.array(WeeklyInterval).max(MAX_WEEKLY_INTERVALS, { error: `Use at most ${MAX_WEEKLY_INTERVALS} intervals a week.` }),
    overrides: z.array(HoursOverride).max(MAX_OVERRIDES, { error: `Use at most ${MAX_OVERRIDES} date overrides.` }).default([]),
  })
  .superRefine((body, ctx) => {
    let bounded = true;
    body.overrides.forEach((o, i) => {
      if (o.intervals.length > MAX_OVERRIDE_INTERVALS) {
        bounded = false;
        ctx.addIssue({ code: 'custom', path: ['overrides', i, 'intervals'], message: `use at most ${MAX_OVERRIDE_INTERVALS} intervals a day`, input: o.intervals });
      }
    });
    if (!bounded) return;
    // The zone does not take part in these rules.
    for (const issue of hoursIssues({ timeZone: 'UTC', weekly: body.weekly, overrides: body.overrides })) {
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message, input: body });
    }
  });
/** What a client sends (`PUT /api/organizations/:id/hours`). */
export type HoursBody = z.input<typeof HoursBody>;
/** What the server reads once the body is parsed. */
export type HoursInput = z.infer<typeof HoursBody>;

const NextChange = z.object({ at: z.string(), opens: z.boolean() }).meta({ id: 'HoursChange' });

export const HoursStatusView = z
  .object({
    open: z.boolean(),
    /** The organization is paused: its number gets the closed message whatever the hours say. */
    paused: z.boolean(),
    label: z.string().nullable(),
    nextChange: NextChange.nullable(),
    /** e.g. "Open now · closes 17:00 (in 2 h 13 min)", in the organization's zone. */
    text: z.string(),
  })
  .meta({ id: 'HoursStatus' });

const StoredOverride = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  label: z.string(),
  closed: z.boolean(),
  intervals: z.array(z.object({ start: z.string(), end: z.string() })),
});

export const HoursView = z
  .object({
    organizationId: z.string(),
    timeZone: z.string(),
    /** `day` is the ISO weekday: 1 = Monday … 7 = Sunday. */
    weekly: z.array(z.object({ day: z.number(), start: z.string(), end: z.string() })),
    overrides: z.array(StoredOverride),
    version: z.number(),
    updatedAt: z.string().nullable(),
    status: HoursStatusView,
  })
  .meta({ id: 'Hours' });
/** An organization's stored hours with the status now (the domain's `Hours` is the rule input). */
export type OrganizationHours = z.infer<typeof HoursView>;

const OpenNowItem = z.object({
  organizationId: z.string(),
  name: z.string(),
  slug: z.string(),
  timeZone: z.string(),
  status: OrganizationStatus,
  hoursVersion: z.number(),
  open: z.boolean(),
  paused: z.boolean(),
  label: z.string().nullable(),
  nextChange: NextChange.nullable(),
  /** "Open now · closes 17:00 (in 2 h 13 min)", in the organization's zone. */
  text: z.string(),
});
export type OpenNowItem = z.infer<typeof OpenNowItem>;

export const OpenNowResponse = z.object({ at: z.string(), items: z.array(OpenNowItem) }).meta({ id: 'OpenNow' });
export type OpenNow = z.infer<typeof OpenNowResponse>;

export const HoursParams = z.object({ id: z.string().max(100) });
