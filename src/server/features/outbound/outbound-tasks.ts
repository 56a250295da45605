/** graphile-worker task names of the outbound queue (decision 019). */
export const DISPATCH_TASK = 'outbound-dispatch';
/** The simulated callee of one placed attempt (no Twilio account configured). */
export const SIMULATE_CALLEE_TASK = 'outbound-simulate-callee';
