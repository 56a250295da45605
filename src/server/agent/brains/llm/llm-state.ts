/** A chat message as kept between turns (the system prompt is rebuilt each turn). */
export interface StoredMessage {
  role: 'user' | 'assistant' | 'tool';
  content: string | null;
  tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
}

export interface LlmState {
  messages: StoredMessage[];
}

/** At most this many messages are kept; older ones go, starting at a caller message. */
export const MAX_STORED_MESSAGES = 40;

export function trimHistory(messages: StoredMessage[]): StoredMessage[] {
  if (messages.length <= MAX_STORED_MESSAGES) return messages;
  let start = messages.length - MAX_STORED_MESSAGES;
  while (start < messages.length && messages[start]!.role !== 'user') start++;
  return messages.slice(start);
}
