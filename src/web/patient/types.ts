import type { CallbackWindow, Weekly } from './format';

/** Shapes of the patient endpoints' answers (the server's zod schemas are the source). */

export interface PracticeSummary {
  slug: string;
  name: string;
  city: string;
  region: string;
  requestsEnabled: boolean;
}

export interface Practice {
  slug: string;
  name: string;
  timeZone: string;
  phone: string | null;
  address: { line1: string; city: string; region: string; postalCode: string; country: string };
  requestsEnabled: boolean;
  requestMessage: string;
  visitReasons: string[];
  emergencyMessage: string;
  emergencyNumber: string;
  weekly: Weekly[];
  upcomingClosures: { from: string; to: string; label: string; closed: boolean }[];
  status: { open: boolean; nextChange: NextChange | null };
}

export interface NextChange {
  at: string;
  opens: boolean;
  /** In the practice's zone: 'HH:MM', 'YYYY-MM-DD', 1 (Monday)–7, days from today. */
  local: { time: string; date: string; weekday: number; daysAhead: number };
}

export interface DraftFields {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  phone: string;
  email: string;
  isNewPatient: boolean | null;
  reason: string;
  reasonOther: string;
  preferredDays: string[];
  timesOfDay: string[];
  earliestDate: string;
  insuranceCarrier: string;
  insuranceMemberId: string;
  notes: string;
  consentToContact: boolean;
}

export interface Draft {
  organization: { slug: string; name: string };
  status: 'draft' | 'submitted';
  fields: DraftFields;
  step1Complete: boolean;
  step2Complete: boolean;
  expiresAt: string;
}

export interface Success {
  referenceCode: string;
  organization: { slug: string; name: string; phone: string | null; message: string; emergencyMessage: string; emergencyNumber: string };
  callback: CallbackWindow;
  contact: { phone: string | null; email: string | null };
  intakeUrl: string;
  portalUrl: string;
}

export interface PortalMessage {
  body: string;
  at: string;
  channel: string | null;
}

export interface PortalRequest {
  id: string;
  referenceCode: string | null;
  status: 'submitted' | 'in_review' | 'scheduled' | 'declined' | 'canceled';
  reason: string | null;
  reasonOther: string | null;
  submittedAt: string | null;
  scheduledFor: string | null;
  declineReason: string | null;
  canCancel: boolean;
  history: { status: string; at: string; by: 'you' | 'practice' | 'phone_assistant' }[];
  intake: { status: 'not_started' | 'in_progress' | 'submitted'; available: boolean };
  messages: PortalMessage[];
}

export interface PortalOverview {
  practice: { slug: string; name: string; timeZone: string; phone: string | null; emergencyNumber: string; emergencyMessage: string };
  patient: { firstName: string | null; contact: string };
  requests: PortalRequest[];
  messages: PortalMessage[];
  idleMinutes: number;
}

export type IntakeAnswers = Record<string, Record<string, string | boolean | string[]>>;

export interface IntakeView {
  practice: { slug: string; name: string; emergencyNumber: string; emergencyMessage: string };
  request: { referenceCode: string | null; firstName: string | null; lastName: string | null; dateOfBirth: string | null };
  status: 'not_started' | 'in_progress' | 'submitted';
  answers: IntakeAnswers;
  submittedAt: string | null;
  updatedAt: string | null;
}

/** The emergency notice of a practice: its country's number, and its own words in English. */
export const emergencyOf = (p: { emergencyMessage: string; emergencyNumber: string } | null | undefined) =>
  p ? { emergencyMessage: p.emergencyMessage, emergencyNumber: p.emergencyNumber } : null;
