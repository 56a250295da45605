import { z } from 'zod';
import type { TurnEnv } from '../agent-types.js';
import { addToDoNotCallTool } from './add-to-do-not-call.tool.js';
import { bookHeldTimeTool } from './book-held-time.tool.js';
import { cancelVisitTool } from './cancel-visit.tool.js';
import { createAppointmentRequestTool } from './create-appointment-request.tool.js';
import { endCallTool } from './end-call.tool.js';
import { findMyVisitTool } from './find-my-visit.tool.js';
import { findOpenTimesTool } from './find-open-times.tool.js';
import { getHoursTool } from './get-hours.tool.js';
import { holdOpenTimeTool } from './hold-open-time.tool.js';
import { lookupRequestStatusTool } from './lookup-request-status.tool.js';
import { moveVisitTool } from './move-visit.tool.js';
import { requestCallbackTool } from './request-callback.tool.js';
import { takeMessageTool } from './take-message.tool.js';
import { transferToStaffTool } from './transfer-to-staff.tool.js';
import type { ToolDefinition, ToolName, ToolResult } from './tool-types.js';

/** Every tool, shared by all brains. */
export const TOOLS: ToolDefinition[] = [
  getHoursTool,
  createAppointmentRequestTool,
  findOpenTimesTool,
  holdOpenTimeTool,
  bookHeldTimeTool,
  findMyVisitTool,
  cancelVisitTool,
  moveVisitTool,
  transferToStaffTool,
  requestCallbackTool,
  takeMessageTool,
  lookupRequestStatusTool,
  addToDoNotCallTool,
  endCallTool,
] as ToolDefinition[];

const BY_NAME = new Map(TOOLS.map((t) => [t.name, t]));

export interface Toolbox {
  run(name: ToolName, args: Record<string, unknown>): Promise<ToolResult>;
}

/**
 * Runs tools for one turn: checks the arguments against the tool's schema and records a
 * `tool_call` and a `tool_result` event (with its latency) for each.
 */
export function createToolbox(env: TurnEnv): Toolbox {
  return {
    async run(name, args) {
      const tool = BY_NAME.get(name);
      env.log.add('tool_call', { name, arguments: args });
      if (!tool) {
        const result = { ok: false, result: { error: 'unknown_tool', message: `There is no tool named ${name}.` }, speech: '' };
        env.log.add('tool_result', { name, ok: false, result: result.result }, 0);
        return result;
      }
      const parsed = tool.schema.safeParse(args);
      if (!parsed.success) {
        const issues = parsed.error.issues.map((i) => `${i.path.join('.') || 'arguments'}: ${i.message}`);
        env.log.add('tool_result', { name, ok: false, result: { error: 'invalid_arguments', issues } }, 0);
        return { ok: false, result: { error: 'invalid_arguments', issues }, speech: '' };
      }
      const started = performance.now();
      const result = await tool.execute(env, parsed.data);
      env.log.add('tool_result', { name, ok: result.ok, result: result.result }, round(performance.now() - started));
      return result;
    },
  };
}

/** The tools as OpenAI function definitions (JSON Schema from the same zod schemas). */
export function toolFunctionDefinitions() {
  return TOOLS.map((t) => {
    const { $schema: _drop, ...parameters } = z.toJSONSchema(t.schema, { io: 'input' }) as Record<string, unknown>;
    return { type: 'function' as const, function: { name: t.name, description: t.description, parameters } };
  });
}

const round = (ms: number) => Math.round(ms * 10) / 10;
