import type { OrganizationStatus, TransferBehaviour } from '@contracts/organizations';

/** How the organization screens name the contract's values. */

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
