/** The steps and answers of the outbound corpus (corpus/README.md, "outbound*.txt"). */
export const OUTBOUND_STEPS = ['who', 'reminder', 'recall', 'callback', 'web_request_follow_up'] as const;
export type OutboundStep = (typeof OUTBOUND_STEPS)[number];

export const WHO_ANSWERS = ['yes', 'not_here', 'who_is_this', 'wrong_number', 'later', 'stop', 'emergency'] as const;
export type WhoAnswer = (typeof WHO_ANSWERS)[number];

export const PURPOSE_ANSWERS = ['agree', 'decline', 'other_time', 'question', 'later', 'stop', 'wrong_number', 'emergency'] as const;
export type PurposeAnswer = (typeof PURPOSE_ANSWERS)[number];
