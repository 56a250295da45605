import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { CopyButton } from '@web/components/copy-button';
import { errorMessage } from '@web/lib/api';
import { formatPhone } from '@web/lib/format-phone';
import { useTelephonySetup } from '../api/telephony';

/**
 * /developer → Telephony (issue 30 §4): the addresses to give the telephony provider for this
 * deployment, whether their signatures can be checked, and the numbers they serve.
 */
export function TelephonyTab() {
  const setup = useTelephonySetup();
  if (setup.isPending) {
    return (
      <div role="status" className="space-y-2">
        <span className="sr-only">Loading the telephony setup…</span>
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (setup.isError) {
    return (
      <Alert variant="destructive" title="The telephony setup could not be loaded">
        {errorMessage(setup.error)}{' '}
        <Button variant="link" onClick={() => setup.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  const s = setup.data;
  return (
    <div className="space-y-4">
      {!s.publicUrlConfigured ? (
        <Alert variant="warning" title="PUBLIC_URL is not set">
          These addresses use this server’s own address ({s.publicUrl}). Set <code>PUBLIC_URL</code> to the address your provider reaches (https) and start the server again.
        </Alert>
      ) : null}
      {!s.twilioSignatures && !s.telnyxSignatures ? (
        <Alert variant="warning" title="No provider key is set">
          Webhooks are refused until their signatures can be checked: set <code>TWILIO_AUTH_TOKEN</code> (Twilio) or <code>TELNYX_PUBLIC_KEY</code> (Telnyx). The simulator (the Playground tab) works without them.
        </Alert>
      ) : null}
      <section aria-labelledby="telephony-webhooks-heading" className="rounded-xl border border-border bg-card">
        <h2 id="telephony-webhooks-heading" className="border-b border-border px-4 py-3 text-base font-semibold">
          Addresses for your provider
        </h2>
        <ul className="divide-y divide-border">
          {s.webhooks.map((w) => (
            <li key={w.id} className="space-y-1 px-4 py-3">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{w.label}</span>
                <Badge variant="outline">{w.method}</Badge>
                {w.id === 'relay' && !s.https ? <Badge variant="warning">needs https</Badge> : null}
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <code className="break-all rounded bg-muted px-2 py-1 text-sm">{w.url}</code>
                <CopyButton value={w.url} aria-label={`Copy the address for: ${w.label}`} />
              </div>
              <p className="text-sm text-muted-foreground">{w.where}</p>
            </li>
          ))}
        </ul>
      </section>
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Fact term="Twilio signatures" value={s.twilioSignatures ? 'Checked (TWILIO_AUTH_TOKEN is set)' : 'Not set'} />
        <Fact term="Telnyx signatures" value={s.telnyxSignatures ? 'Checked (TELNYX_PUBLIC_KEY is set)' : 'Not set'} />
        <Fact term="Outbound calls placed by" value={s.outboundProvider === 'twilio' ? 'Twilio’s REST API' : 'The built-in simulator (no phone rings)'} />
        <Fact term="Text messages sent by" value={TEXT_GATEWAYS[s.textGateway]} />
      </dl>
      <section aria-labelledby="telephony-numbers-heading" className="rounded-xl border border-border bg-card">
        <h2 id="telephony-numbers-heading" className="border-b border-border px-4 py-3 text-base font-semibold">
          Numbers to configure
        </h2>
        {s.numbers.length === 0 ? (
          <p className="px-4 py-3 text-sm text-muted-foreground">No organization you can see has a phone number yet: add one on /organizations.</p>
        ) : (
          <ul className="divide-y divide-border">
            {s.numbers.map((n) => (
              <li key={n.e164} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm">
                <span>
                  <span className="font-medium tabular-nums">{formatPhone(n.e164)}</span> · {n.organizationName}
                </span>
                <span className="flex flex-wrap gap-2">
                  {n.sendsTexts ? <Badge variant="outline">Sends its texts</Badge> : null}
                  <Badge variant="outline">{n.voiceMode === 'relay' ? 'Real-time voice (relay)' : 'Speech gathering'}</Badge>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

const TEXT_GATEWAYS = {
  twilio: 'Twilio’s Messages API',
  telnyx: 'Telnyx’s Messaging API',
  log: 'Nobody: they stay in the outbox (no gateway is set)',
} as const;

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div className="rounded-xl border border-border bg-card p-3">
      <dt className="text-xs text-muted-foreground">{term}</dt>
      <dd className="text-sm font-medium">{value}</dd>
    </div>
  );
}
