/** Shapes of the organizations API (GET/POST/PATCH /api/organizations…). */

export type OrganizationStatus = 'active' | 'paused' | 'deactivated';
export type Brain = 'builtin' | 'llm';
export type TransferBehaviour = 'on_duty_then_callback' | 'callback_only' | 'never_transfer';

export interface Address {
  line1: string;
  line2: string;
  city: string;
  region: string;
  postalCode: string;
  country: string;
}

export interface PhoneNumber {
  id: string;
  /** E.164, e.g. +18605550100. */
  number: string;
  label: string;
}

export interface AgentSettings {
  greeting: string;
  instructions: string;
  faq: string;
  emergencyMessage: string;
  voice: string;
  language: string;
  brain: Brain;
  model: string;
  transferBehaviour: TransferBehaviour;
}

export interface AppointmentSettings {
  enabled: boolean;
  visitReasons: string[];
  message: string;
}

export interface OrganizationSummary {
  id: string;
  name: string;
  slug: string;
  timeZone: string;
  status: OrganizationStatus;
  address: Address;
  phoneNumbers: PhoneNumber[];
  version: number;
  updatedAt: string;
}

export interface Organization extends OrganizationSummary {
  agentSettings: AgentSettings;
  appointmentSettings: AppointmentSettings;
  createdAt: string;
}

export interface Member {
  id: string;
  name: string;
  email: string;
  role: string;
  status: string;
}

export const STATUS_LABELS: Record<OrganizationStatus, string> = {
  active: 'Active',
  paused: 'Paused',
  deactivated: 'Deactivated',
};

export const TRANSFER_LABELS: Record<TransferBehaviour, string> = {
  on_duty_then_callback: 'Transfer to whoever is on duty; otherwise take a callback request',
  callback_only: 'Never transfer live; always take a callback request',
  never_transfer: 'Never transfer; take a message',
};
