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

export function describeForTerminal(message: Pick<OutboxRow, 'channel' | 'recipient' | 'subject' | 'body'>): string {
  const kind = message.channel === 'sms' ? 'Text' : 'E-mail';
  const heading = message.subject ?? message.body.split('\n')[0]!.slice(0, 80);
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
