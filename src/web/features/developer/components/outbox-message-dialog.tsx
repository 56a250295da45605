import { Badge } from '@web/components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { formatDateTime } from '@web/lib/format-date';
import { useReturnFocus } from '@web/lib/use-return-focus';
import type { OutboxMessage } from '@contracts/developer';
import { LinkifiedText } from './linkified-text';
import { OutboxRecipient } from './outbox-recipient';
import { OutboxStatusBadge } from './outbox-status-badge';

export function OutboxMessageDialog({ message, onOpenChange }: { message: OutboxMessage | null; onOpenChange: (open: boolean) => void }) {
  const returnFocus = useReturnFocus(message !== null);
  return (
    <Dialog open={message !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl" onCloseAutoFocus={returnFocus}>
        {message ? (
          <>
            <DialogHeader>
              <DialogTitle className="[overflow-wrap:anywhere]">
                {message.channel === 'email' ? (
                  (message.subject ?? '(no subject)')
                ) : (
                  <>
                    Text message to <OutboxRecipient message={message} />
                  </>
                )}
              </DialogTitle>
              <DialogDescription className="[overflow-wrap:anywhere]">
                {message.channel === 'email' ? 'Email' : 'Text message'} to <OutboxRecipient message={message} />
              </DialogDescription>
            </DialogHeader>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="text-muted-foreground">Status</dt>
              <dd className="flex flex-wrap items-center gap-2">
                <OutboxStatusBadge status={message.status} />
                <span className="text-muted-foreground">
                  {message.attempts} {message.attempts === 1 ? 'attempt' : 'attempts'}
                  {message.transport ? ` · via ${message.transport}` : ''}
                </span>
              </dd>
              <dt className="text-muted-foreground">Template</dt>
              <dd>
                <Badge variant="outline" className="font-mono">
                  {message.template}
                </Badge>
              </dd>
              <dt className="text-muted-foreground">Created</dt>
              <dd>{formatDateTime(message.createdAt, { seconds: true })}</dd>
              <dt className="text-muted-foreground">Sent</dt>
              <dd>{message.sentAt ? formatDateTime(message.sentAt, { seconds: true }) : 'Not yet'}</dd>
              {message.provider ? <ProviderRows provider={message.provider} transport={message.transport} /> : null}
              {message.lastError ? (
                <>
                  <dt className="text-muted-foreground">Last error</dt>
                  <dd className="font-mono text-xs text-destructive [overflow-wrap:anywhere]">{message.lastError}</dd>
                </>
              ) : null}
            </dl>
            {message.secret ? (
              <p role="note" className="text-sm text-muted-foreground">
                {message.secret === 'code'
                  ? 'This message carried a one-time sign-in code. It was sent to the recipient; the code is never shown here.'
                  : 'This message carried a personal sign-in or password link. It was sent to the recipient; the link is shown masked and does not work from here.'}
              </p>
            ) : null}
            <section aria-label="Message body" className="rounded-lg border border-border bg-muted p-4">
              {message.body === null ? (
                <p className="text-sm text-muted-foreground">
                  The text of this message is about a patient, and your role does not read patient information. It was sent as shown above.
                </p>
              ) : message.secret ? (
                <p className="whitespace-pre-wrap text-sm leading-relaxed [overflow-wrap:anywhere]">{message.body}</p>
              ) : (
                <LinkifiedText text={message.body} className="whitespace-pre-wrap text-sm leading-relaxed [overflow-wrap:anywhere]" />
              )}
            </section>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

const PROVIDER_STATUS_LABELS = { queued: 'Queued at the provider', sent: 'Sent to the carrier', delivered: 'Delivered to the phone', undelivered: 'Not delivered by the carrier', failed: 'Failed' } as const;

/** What the text gateway (Twilio, Telnyx) last reported about a text message. */
function ProviderRows({ provider, transport }: { provider: NonNullable<OutboxMessage['provider']>; transport: string | null }) {
  return (
    <>
      <dt className="text-muted-foreground">Delivery</dt>
      <dd>
        {provider.status ? PROVIDER_STATUS_LABELS[provider.status] : 'No report yet'}
        {provider.errorCode ? <span className="font-mono text-xs text-destructive"> · error {provider.errorCode}</span> : null}
        {provider.statusAt ? <span className="text-muted-foreground"> · {formatDateTime(provider.statusAt, { seconds: true })}</span> : null}
      </dd>
      {provider.messageId ? (
        <>
          <dt className="text-muted-foreground">{transport === 'twilio' ? 'Message SID' : 'Provider id'}</dt>
          <dd className="font-mono text-xs [overflow-wrap:anywhere]">{provider.messageId}</dd>
        </>
      ) : null}
    </>
  );
}
