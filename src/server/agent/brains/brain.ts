import type { NextStep, TurnEnv } from '../agent-types.js';
import type { Understanding } from '../nlu/understand.js';
import type { Toolbox } from '../tools/index.js';

export interface BrainReply {
  text: string;
  next: NextStep;
}

/**
 * One interface, two brains (PRODUCT §4): given what the caller said, decide what to say and
 * do, using the shared tools. Each records a `model_request` event with what it saw and decided.
 */
export interface Brain {
  readonly kind: 'builtin' | 'llm';
  respond(env: TurnEnv, tools: Toolbox, text: string, understood?: Understanding): Promise<BrainReply>;
}
