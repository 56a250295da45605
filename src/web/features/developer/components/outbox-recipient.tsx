import type { OutboxMessage } from '@contracts/developer';
import { EmailAddress } from '@web/components/email-address';
import { usePractices } from '@web/lib/use-practice';
import { formatPhone } from '@web/lib/format-phone';

/**
 * Who a message went to, as people read it: an e-mail address that wraps only at its "@" or a
 * ".", a number as written in its organization's country ("07700 900884" for a UK practice's
 * patient; the viewer's country for a message of no organization), on one line.
 */
export function OutboxRecipient({ message }: { message: Pick<OutboxMessage, 'channel' | 'recipient' | 'organizationId'> }) {
  const practiceOf = usePractices();
  if (message.channel === 'email') return <EmailAddress email={message.recipient} />;
  return <span className="whitespace-nowrap">{formatPhone(message.recipient, practiceOf(message.organizationId)?.country)}</span>;
}
