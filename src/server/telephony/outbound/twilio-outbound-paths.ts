/** Where Twilio asks about an outbound call; each carries `?attempt=<attempt id>`. */
export const TWILIO_OUTBOUND_PATHS = {
  voice: '/api/telephony/twilio/outbound/voice',
  gather: '/api/telephony/twilio/outbound/gather',
  status: '/api/telephony/twilio/outbound/status',
} as const;
