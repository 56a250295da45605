import { z } from 'zod';
import { LOCAL_DATE_TIME } from '../../../domain/appointment-requests/scheduling.js';
import { RequestView } from '../handoffs/handoffs.schemas.js';

export const RequestIdParams = z.object({ id: z.string().max(100) });

const Version = z.number({ error: 'Send the version you started from.' }).int().min(0);

export const ScheduleBody = z.object({
  version: Version,
  /** Wall time in the organization's zone, as a date-time picker gives it. */
  scheduledFor: z.string({ error: 'Choose a date and time.' }).regex(LOCAL_DATE_TIME, { error: 'Choose a date and time (YYYY-MM-DDTHH:MM).' }),
  note: z.string().trim().max(2000, { error: 'Use at most 2000 characters.' }).optional(),
});

export const DeclineBody = z.object({
  version: Version,
  reason: z.string({ error: 'Give the reason the patient will be told.' }).trim().min(1, { error: 'Give the reason the patient will be told.' }).max(1000, { error: 'Use at most 1000 characters.' }),
});

export const CancelRequestBody = z.object({
  version: Version,
  reason: z.string().trim().max(1000, { error: 'Use at most 1000 characters.' }).optional(),
});

export const TransitionResponse = z.object({ appointmentRequest: RequestView });

/** A FHIR R4 Appointment (validated loosely: its shape is FHIR's, built by staff-fhir.ts). */
export const FhirAppointmentResponse = z.object({ resourceType: z.literal('Appointment'), id: z.string(), status: z.string() }).loose().meta({ id: 'FhirAppointment' });
