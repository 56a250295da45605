/** Where the providers report a sent text's status (PUBLIC_URL + this + `?outbox=<outbox row id>`). */
export const MESSAGING_STATUS_PATHS = {
  twilio: '/telephony/twilio/sms/status',
  telnyx: '/telephony/telnyx/messaging',
} as const;

export const statusCallbackUrl = (baseUrl: string, provider: keyof typeof MESSAGING_STATUS_PATHS, outboxId: string) =>
  `${baseUrl.replace(/\/+$/, '')}${MESSAGING_STATUS_PATHS[provider]}?outbox=${encodeURIComponent(outboxId)}`;
