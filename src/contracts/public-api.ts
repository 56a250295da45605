import { z } from 'zod';
import { CallEvent } from './calls.js';
import { CreateCampaignBody, CreateSingleCallBody } from './outbound.js';

/**
 * The few shapes only the public API (`/api/v1`, issue 18 §2) has; every other route of it
 * answers the staff API's own schemas.
 */

export const CallTranscriptResponse = z
  .object({
    callId: z.string(),
    /** What was said, in order: caller and agent lines from the call's events. */
    lines: z.array(z.object({ seq: z.number(), speaker: z.enum(['caller', 'agent']), text: z.string(), at: z.string() })),
  })
  .meta({ id: 'CallTranscript' });
export type CallTranscriptResponse = z.infer<typeof CallTranscriptResponse>;

export const CallEventsResponse = z.object({ callId: z.string(), items: z.array(CallEvent) }).meta({ id: 'CallEvents' });
export type CallEventsResponse = z.infer<typeof CallEventsResponse>;

/** `Idempotency-Key` on a POST: any visible ASCII, up to 255 characters. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/**
 * `POST /api/v1/outbound/campaigns`: a campaign's settings (the staff API's `CreateCampaign`) with
 * its contacts as JSON — the staff UI takes them from a CSV file instead. Each contact is checked
 * by the rules of the CSV import (number for the organization's country, do-not-call list,
 * duplicates, time zone, date of birth, no spreadsheet formulas); one bad contact refuses the
 * request with a message per field (`contacts.3.phone`), so nothing is half-created.
 */
export const PublicCampaignContact = z.object({
  name: z.string({ error: 'Enter the contact’s name.' }).trim().min(1, 'Enter the contact’s name.').max(200, 'At most 200 characters.'),
  phone: z.string({ error: 'Enter a phone number.' }).trim().min(1, 'Enter a phone number.').max(40, 'At most 40 characters.'),
  /** IANA zone the calling window is read in; omitted: from the number, else the organization's. */
  timeZone: z.string().trim().max(64, 'At most 64 characters.').optional(),
  /** YYYY-MM-DD; the agent asks for it to confirm it speaks to the right person. */
  dateOfBirth: z.string().trim().max(40, 'At most 40 characters.').optional(),
  /** Anything else to keep with the contact and give back in its results (text values). */
  fields: z
    .record(z.string().trim().min(1).max(100, 'Field names are at most 100 characters.'), z.string().trim().max(1000, 'At most 1,000 characters.'))
    .refine((f) => Object.keys(f).length <= 20, 'At most 20 fields per contact.')
    .optional(),
});
export type PublicCampaignContact = z.infer<typeof PublicCampaignContact>;

export const MAX_API_CAMPAIGN_CONTACTS = 5_000;

const EXAMPLE_ORGANIZATION = '5f0c2d4e-8a1b-4c3d-9e2f-1a2b3c4d5e6f';

export const CreatePublicCampaignBody = CreateCampaignBody.extend({
  contacts: z
    .array(PublicCampaignContact, { error: 'Give the contacts as a list.' })
    .min(1, 'Add at least one contact.')
    .max(MAX_API_CAMPAIGN_CONTACTS, `At most ${MAX_API_CAMPAIGN_CONTACTS.toLocaleString('en-US')} contacts per request.`),
}).meta({
  id: 'CreateCampaignWithContacts',
  examples: [
    {
      organizationId: EXAMPLE_ORGANIZATION,
      name: 'Flu shot reminders',
      purpose: 'appointment_reminder',
      visitType: 'flu shot',
      messageForPatient: 'Please wear a short-sleeved top.',
      instructions: 'Never spoken: for the staff who follow up. Patients who cannot come can be offered the Saturday clinic.',
      voicemailMessage: '',
      window: { start: '09:00', end: '17:00', days: [1, 2, 3, 4, 5] },
      maxAttempts: 3,
      retryIntervalMinutes: 60,
      concurrency: 2,
      contacts: [
        { name: 'Maria Lopez', phone: '(860) 555-0142', dateOfBirth: '1984-03-12', fields: { appointment: '2026-12-02 10:30' } },
        { name: 'James Carter', phone: '+18605550143', timeZone: 'America/New_York' },
      ],
    },
  ],
});
export type CreatePublicCampaignBody = z.infer<typeof CreatePublicCampaignBody>;

/** `POST /api/v1/outbound/calls`: the staff API's single call, documented with an example. */
export const PublicSingleCallBody = CreateSingleCallBody.meta({
  id: 'CreateOutboundCall',
  examples: [
    {
      organizationId: EXAMPLE_ORGANIZATION,
      phone: '(860) 555-0142',
      contactName: 'Maria Lopez',
      purpose: 'appointment_reminder',
      visitType: 'follow-up visit',
      appointmentAt: '2026-12-03T10:30:00-05:00',
      instructions: 'Never spoken: she asked about parking last time.',
    },
  ],
});
