import type { z } from 'zod';
import type { NextStep, TurnEnv } from '../agent-types.js';

/**
 * A tool's answer. `result` is what a model sees (and the call's timeline shows); `speech` is a
 * plain sentence about it, used by the built-in brain and when an LLM turn falls back after the
 * tool already ran.
 */
export interface ToolResult {
  ok: boolean;
  result: Record<string, unknown>;
  speech: string;
  next?: NextStep;
}

export interface ToolDefinition<S extends z.ZodType = z.ZodType> {
  name: ToolName;
  /** What the tool does, for the model. */
  description: string;
  schema: S;
  execute(env: TurnEnv, args: z.infer<S>): Promise<ToolResult>;
}

export type ToolName =
  | 'get_hours'
  | 'create_appointment_request'
  | 'find_open_times'
  | 'hold_open_time'
  | 'book_held_time'
  | 'find_my_visit'
  | 'cancel_visit'
  | 'move_visit'
  | 'transfer_to_staff'
  | 'request_callback'
  | 'take_message'
  | 'lookup_request_status'
  | 'add_to_do_not_call'
  | 'end_call';
