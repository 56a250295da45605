import type { TurnEnv } from '../agent-types.js';
import type { Brain } from './brain.js';
import { builtinBrain } from './builtin/builtin-brain.js';
import { createLlmBrain } from './llm/llm-brain.js';

/**
 * The organization's brain: the LLM agent when its settings ask for it and an endpoint is
 * configured (LLM_BASE_URL), else the built-in one. An LLM organization on a server without an
 * endpoint is answered by the built-in brain, and each turn says why.
 */
export function brainFor(env: TurnEnv): Brain {
  if (env.org.settings.brain !== 'llm') return builtinBrain;
  const e = env.ctx.env;
  if (!e.LLM_BASE_URL) return unconfigured;
  return createLlmBrain({ baseURL: e.LLM_BASE_URL, apiKey: e.LLM_API_KEY ?? '', model: e.LLM_MODEL, timeoutMs: e.LLM_TIMEOUT_MS });
}

const unconfigured: Brain = {
  kind: 'llm',
  async respond(env, tools, text, understood) {
    env.log.add('model_request', { brain: 'llm', model: env.org.settings.model || env.ctx.env.LLM_MODEL, error: 'LLM_BASE_URL is not configured', fellBackToBuiltin: true }, 0);
    return builtinBrain.respond(env, tools, text, understood);
  },
};
