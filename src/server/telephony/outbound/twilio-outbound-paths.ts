/** Where Twilio asks about an outbound call; each carries `?attempt=<attempt id>`. */
export const TWILIO_OUTBOUND_PATHS = {
  voice: '/telephony/twilio/outbound/voice',
  gather: '/telephony/twilio/outbound/gather',
  status: '/telephony/twilio/outbound/status',
} as const;
