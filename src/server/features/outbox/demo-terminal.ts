import type { OutboxRow } from './outbox.repository.js';

/**
 * Where a message no transport can carry goes on the demo (issue 30 §4): without SMTP_URL or a
 * text gateway nothing reaches the person, and the outbox rightly masks sign-in codes and links,
 * so a newcomer could not sign in to the portal or open an invitation. The demo's own terminal
 * shows each such message in full instead — who it is for, its subject or first line, and the
 * body with its code or link. Only on the demo (the embedded database, not NODE_ENV=production,
 * not under test): never in the outbox, never in a production log.
 */
export type PrintMessage = (text: string) => void;

/**
 * Staff notices (urgent-handoff alerts, a disabled webhook) get one line: the demo's ninety days
 * of history raise a dozen at the first start, and in full they would push the demo sign-in off
 * the screen. Everything else — codes, invitations, resets, what patients receive — is shown whole.
 */
const ONE_LINE_TEMPLATES = new Set(['urgent-handoff', 'webhook-endpoint-disabled']);

export function describeForTerminal(message: Pick<OutboxRow, 'channel' | 'recipient' | 'subject' | 'body' | 'template'>): string {
  const kind = message.channel === 'sms' ? 'Text' : 'E-mail';
  const heading = message.subject ?? message.body.split('\n')[0]!.slice(0, 80);
  if (ONE_LINE_TEMPLATES.has(message.template)) return `  ✉ ${kind} to ${message.recipient} — ${heading} (not sent; in /developer → Outbox)`;
  const body = message.body
    .trim()
    .split('\n')
    .map((line) => `  │ ${line}`)
    .join('\n');
  return `\n  ✉ ${kind} to ${message.recipient} — ${heading}\n  │ (not sent: no ${message.channel === 'sms' ? 'text gateway' : 'SMTP_URL'} is configured; shown here because this is the demo)\n${body}\n`;
}

/** The demo's terminal, or nothing: a server with its own database or in production prints no message. */
export function demoTerminalOf(env: { DATABASE_URL?: string; NODE_ENV: string }): PrintMessage | undefined {
  if (env.DATABASE_URL || env.NODE_ENV !== 'development') return undefined;
  return (text) => process.stdout.write(`${text}\n`);
}
