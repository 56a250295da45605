import { z } from 'zod';
import { say } from '../messages/index.js';
import type { ToolDefinition } from './tool-types.js';

const schema = z.object({ reason: z.string().max(200).optional() });

export const endCallTool: ToolDefinition<typeof schema> = {
  name: 'end_call',
  description: 'Ends the call after your final words (say goodbye in the same reply).',
  schema,
  async execute(env) {
    return { ok: true, result: { ended: true }, speech: say(env, 'call.goodbye', { practice: env.org.name }), next: { type: 'hangup' } };
  },
};
