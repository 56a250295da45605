/**
 * Server messages for fields come from the shared zod schemas, some as fragments ("use HH:MM
 * between 00:00 and 23:59"); shown beside a field they read as sentences.
 */
export function sentence(message: string | undefined): string | undefined {
  if (!message) return message;
  const trimmed = message.trim();
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?…)]$/.test(capital) ? capital : `${capital}.`;
}

/** The field errors of an API error under a prefix, with the prefix removed ("weekly.3.end" → "3.end"). */
export function fieldsUnder(fields: Record<string, string>, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(fields)) {
    if (key === prefix) out[''] = message;
    else if (key.startsWith(`${prefix}.`)) out[key.slice(prefix.length + 1)] = message;
  }
  return out;
}
