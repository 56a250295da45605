/**
 * Text opt-outs: STOP, START and HELP on inbound texts.
 *
 * The feature's public entry: other features, the agent, telephony and the app import only this
 * file (eslint.config.js); tests may reach inside.
 */
export { type OnInboundText, receiveInboundSms } from './inbound-sms.service.js';
export { textOptOutOf } from './sms-opt-outs.service.js';
