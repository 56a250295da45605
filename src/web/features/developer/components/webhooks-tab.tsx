import * as React from 'react';
import { formatDateTime, viewerTimeZone } from '@web/lib/format-date';
import { Plus, Webhook } from 'lucide-react';
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENT_TYPES } from '@domain/developer/webhook-events';
import { CreateWebhookEndpointBody, type WebhookDeliveryStatus, type WebhookEndpointView, type WebhookEventType } from '@contracts/webhooks';
import { RelativeTime } from '@web/components/relative-time';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Checkbox } from '@web/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, FormDialogFooter } from '@web/components/ui/dialog';
import { EmptyState } from '@web/components/ui/empty-state';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Select } from '@web/components/ui/select';
import { Skeleton } from '@web/components/ui/skeleton';
import { useToast } from '@web/components/ui/toast';
import { errorMessage, isApiError } from '@web/lib/api';
import { useOrganizationOptions } from '@web/lib/queries/list-organization-options';
import {
  useCreateEndpoint,
  useDeleteEndpoint,
  useDeliveries,
  useDelivery,
  useReplayDelivery,
  useReplayFailed,
  useRotateSecret,
  useSendTestEvent,
  useUpdateEndpoint,
  useWebhookEndpoints,
} from '../api/webhooks';
import { SecretOnce } from './secret-once';

const DELIVERY_VARIANT = { pending: 'info', succeeded: 'success', failed: 'destructive' } as const;

/** /developer → Webhooks: endpoints, their signing secrets, and each one's delivery log. */
export function WebhooksTab() {
  const endpoints = useWebhookEndpoints();
  const [creating, setCreating] = React.useState(false);
  const [shown, setShown] = React.useState<{ url: string; secret: string } | null>(null);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-base font-semibold">Webhook endpoints</h2>
        <Button onClick={() => setCreating(true)}>
          <Plus aria-hidden="true" />
          Add endpoint
        </Button>
      </div>
      {shown ? <SecretOnce label={`Signing secret for ${shown.url}`} secret={shown.secret} note="Copy it now: it is not shown again. Verify each delivery's webhook-signature with it (Standard Webhooks)." /> : null}
      {endpoints.isPending ? (
        <div role="status" className="space-y-2">
          <span className="sr-only">Loading endpoints…</span>
          <Skeleton className="h-24 w-full" />
        </div>
      ) : endpoints.isError ? (
        <Alert variant="destructive" title="The endpoints could not be loaded">
          {errorMessage(endpoints.error)}{' '}
          <Button variant="link" onClick={() => endpoints.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : endpoints.data.items.length === 0 ? (
        <EmptyState icon={Webhook} title="No webhook endpoints yet" description="Add an endpoint to be told when calls start and end, handoffs open and close, and requests arrive." />
      ) : (
        <ul aria-label="Webhook endpoints" className="space-y-4">
          {endpoints.data.items.map((endpoint) => (
            <EndpointCard key={endpoint.id} endpoint={endpoint} onSecret={(secret) => setShown({ url: endpoint.url, secret })} />
          ))}
        </ul>
      )}
      {/* Mounted while open, so each opening starts with an empty form. */}
      {creating ? (
        <CreateEndpointDialog
          open
          onClose={() => setCreating(false)}
          onCreated={(url, secret) => {
            setCreating(false);
            setShown({ url, secret });
          }}
        />
      ) : null}
    </div>
  );
}

function EndpointCard({ endpoint, onSecret }: { endpoint: WebhookEndpointView; onSecret: (secret: string) => void }) {
  const { toast } = useToast();
  const update = useUpdateEndpoint();
  const remove = useDeleteEndpoint();
  const rotate = useRotateSecret();
  const test = useSendTestEvent();
  const [logOpen, setLogOpen] = React.useState(false);
  const fail = (title: string) => (error: unknown) => toast({ title, description: errorMessage(error), variant: 'error' });

  return (
    <li className="rounded-xl border border-border bg-card p-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-mono text-sm [overflow-wrap:anywhere]">{endpoint.url}</span>
            <Badge variant={endpoint.enabled ? 'success' : 'neutral'}>{endpoint.enabled ? 'On' : 'Off'}</Badge>
            {endpoint.failingSince ? <Badge variant="warning">Failing since {formatDateTime(endpoint.failingSince)}</Badge> : null}
          </p>
          <p className="text-xs text-muted-foreground">
            {endpoint.organizationName}
            {endpoint.description ? ` · ${endpoint.description}` : ''} · {endpoint.events.join(', ')}
          </p>
          {endpoint.previousSecretValidUntil ? <p className="text-xs text-muted-foreground">The previous secret also signs until {formatDateTime(endpoint.previousSecretValidUntil)}.</p> : null}
          {endpoint.disabledReason ? <Alert variant="warning" title={endpoint.disabledReason} /> : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" loading={test.isPending} onClick={() => test.mutate(endpoint.id, { onSuccess: () => (toast({ title: 'Test event queued' }), setLogOpen(true)), onError: fail('Could not send a test event') })}>
            Send test event
          </Button>
          <Button size="sm" variant="outline" onClick={() => setLogOpen((o) => !o)} aria-expanded={logOpen}>
            {logOpen ? 'Hide deliveries' : 'Deliveries'}
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={() => update.mutate({ id: endpoint.id, enabled: !endpoint.enabled }, { onError: fail('Could not change the endpoint') })}
          >
            {endpoint.enabled ? 'Turn off' : 'Turn on'}
          </Button>
          <Button size="sm" variant="outline" onClick={() => rotate.mutate(endpoint.id, { onSuccess: (r) => onSecret(r.secret), onError: fail('Could not rotate the secret') })}>
            Rotate secret
          </Button>
          <Button
            size="sm"
            variant="destructive"
            onClick={() => window.confirm(`Delete the endpoint ${endpoint.url} and its delivery log?`) && remove.mutate(endpoint.id, { onError: fail('Could not delete the endpoint') })}
          >
            Delete
          </Button>
        </div>
      </div>
      {logOpen ? <DeliveryLog endpoint={endpoint} /> : null}
    </li>
  );
}

function DeliveryLog({ endpoint }: { endpoint: WebhookEndpointView }) {
  const [event, setEvent] = React.useState('');
  const [status, setStatus] = React.useState<WebhookDeliveryStatus | ''>('');
  // The picker shows the viewer's wall time: a day ago in their zone, not in UTC.
  const [since, setSince] = React.useState(() => wallTimeOf(new Date(Date.now() - 86_400_000)));
  const sinceInstant = since ? new Date(since) : null;
  const sinceValid = sinceInstant !== null && !Number.isNaN(sinceInstant.getTime());
  const [open, setOpen] = React.useState<string | null>(null);
  const deliveries = useDeliveries(endpoint.id, { event: event || undefined, status: status || undefined });
  const replay = useReplayDelivery();
  const replayFailed = useReplayFailed();
  const { toast } = useToast();

  return (
    <section aria-label={`Deliveries to ${endpoint.url}`} className="mt-4 space-y-3 border-t border-border pt-4">
      <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <FormField label="Event">
          <Select value={event} onChange={(e) => setEvent(e.target.value)}>
            <option value="">All events</option>
            {[...WEBHOOK_EVENT_TYPES, 'webhook.test'].map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="Status">
          <Select value={status} onChange={(e) => setStatus(e.target.value as WebhookDeliveryStatus | '')}>
            <option value="">Any status</option>
            {WEBHOOK_DELIVERY_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </Select>
        </FormField>
        <div className="flex flex-wrap items-end gap-2">
          <FormField label={`Failed since (your time, ${viewerTimeZone()})`}>
            <Input type="datetime-local" value={since} onChange={(e) => setSince(e.target.value)} />
          </FormField>
          <Button
            variant="outline"
            loading={replayFailed.isPending}
            disabled={!sinceValid}
            onClick={() =>
              sinceInstant &&
              replayFailed.mutate(
                { endpointId: endpoint.id, since: sinceInstant.toISOString() },
                { onSuccess: (r) => toast({ title: `${r.replayed} failed ${r.replayed === 1 ? 'delivery' : 'deliveries'} sent again` }), onError: (e) => toast({ title: 'Could not replay', description: errorMessage(e), variant: 'error' }) },
              )
            }
          >
            Replay failed
          </Button>
        </div>
      </div>
      {deliveries.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : deliveries.isError ? (
        <Alert variant="destructive" title="The deliveries could not be loaded">
          {errorMessage(deliveries.error)}
        </Alert>
      ) : deliveries.data.items.length === 0 ? (
        <p className="text-sm text-muted-foreground">No deliveries{event || status ? ' match these filters' : ' yet'}.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">Deliveries, newest first</caption>
            <thead className="text-left text-xs text-muted-foreground">
              <tr>
                <th className="py-1 pr-3 font-medium">Event</th>
                <th className="py-1 pr-3 font-medium">Status</th>
                <th className="py-1 pr-3 font-medium">Attempts</th>
                <th className="py-1 pr-3 font-medium">When</th>
                <th className="py-1 font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {deliveries.data.items.map((d) => (
                <tr key={d.id} className="border-t border-border" data-testid="delivery-row">
                  <td className="py-2 pr-3 font-mono text-xs">{d.eventType}</td>
                  <td className="py-2 pr-3">
                    <Badge variant={DELIVERY_VARIANT[d.status]}>{d.status}</Badge>
                    {d.lastResponseStatus !== null ? <span className="ml-1 text-xs text-muted-foreground">HTTP {d.lastResponseStatus}</span> : null}
                  </td>
                  <td className="py-2 pr-3 tabular-nums">{d.attempts}</td>
                  <td className="py-2 pr-3 whitespace-nowrap">
                    <RelativeTime value={d.createdAt} seconds />
                  </td>
                  <td className="flex gap-2 py-2">
                    <Button size="sm" variant="ghost" onClick={() => setOpen(d.id)} aria-label={`Details of the ${d.eventType} delivery`}>
                      Details
                    </Button>
                    {d.status !== 'pending' || d.attempts > 0 ? (
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => replay.mutate({ endpointId: endpoint.id, deliveryId: d.id }, { onSuccess: () => toast({ title: 'Sent again' }) })}
                        aria-label={`Replay the ${d.eventType} delivery`}
                      >
                        Replay
                      </Button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <DeliveryDialog endpointId={endpoint.id} deliveryId={open} onClose={() => setOpen(null)} />
    </section>
  );
}

function DeliveryDialog({ endpointId, deliveryId, onClose }: { endpointId: string; deliveryId: string | null; onClose: () => void }) {
  const delivery = useDelivery(endpointId, deliveryId);
  return (
    <Dialog open={deliveryId !== null} onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Delivery {delivery.data ? `of ${delivery.data.eventType}` : ''}</DialogTitle>
          <DialogDescription>The body sent, and each attempt with the receiver’s answer (cut to 2 KB).</DialogDescription>
        </DialogHeader>
        {delivery.isPending ? (
          <Skeleton className="h-32 w-full" />
        ) : delivery.isError ? (
          <Alert variant="destructive" title="The delivery could not be loaded">
            {errorMessage(delivery.error)}
          </Alert>
        ) : (
          <div className="space-y-3 text-sm">
            <pre className="max-h-48 overflow-auto rounded-md bg-muted p-3 font-mono text-xs whitespace-pre-wrap [overflow-wrap:anywhere]">{JSON.stringify(JSON.parse(delivery.data.payload), null, 2)}</pre>
            <ol className="space-y-2">
              {delivery.data.attemptLog.map((a) => (
                <li key={a.attempt} className="rounded-md border border-border p-2">
                  <p>
                    Attempt {a.attempt} · {formatDateTime(a.at)} · {a.responseStatus !== null ? `HTTP ${a.responseStatus}` : (a.error ?? 'no answer')} · {a.durationMs} ms
                  </p>
                  {a.responseBody ? <pre className="mt-1 max-h-24 overflow-auto font-mono text-xs whitespace-pre-wrap [overflow-wrap:anywhere]">{a.responseBody}</pre> : null}
                </li>
              ))}
              {delivery.data.attemptLog.length === 0 ? <li className="text-muted-foreground">No attempt yet.</li> : null}
            </ol>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

function CreateEndpointDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (url: string, secret: string) => void }) {
  const organizations = useOrganizationOptions();
  const create = useCreateEndpoint();
  const active = (organizations.data ?? []).filter((o) => o.status === 'active');
  const [organizationId, setOrganizationId] = React.useState('');
  const [url, setUrl] = React.useState('');
  const [description, setDescription] = React.useState('');
  const [events, setEvents] = React.useState<WebhookEventType[]>([...WEBHOOK_EVENT_TYPES]);
  const [errors, setErrors] = React.useState<Record<string, string>>({});

  // The first organization until one is chosen.
  const chosenOrganization = organizationId || active[0]?.id || '';

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = CreateWebhookEndpointBody.safeParse({ organizationId: chosenOrganization, url, description, events });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: (r) => onCreated(r.endpoint.url, r.secret),
      onError: (error) => setErrors(isApiError(error) && error.hasFieldErrors ? error.fields : { form: errorMessage(error) }),
    });
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Add webhook endpoint</DialogTitle>
          <DialogDescription>An https address on the internet; Switchboard signs every delivery.</DialogDescription>
        </DialogHeader>
        <form id="create-webhook" onSubmit={submit} className="space-y-4" noValidate>
          {errors.form ? <Alert variant="destructive" title={errors.form} /> : null}
          <FormField label="Organization" error={errors.organizationId} required>
            <Select value={chosenOrganization} onChange={(e) => setOrganizationId(e.target.value)}>
              {active.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label="Address (URL)" error={errors.url} required>
            <Input value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://example.com/switchboard/webhooks" inputMode="url" />
          </FormField>
          <FormField label="Description" error={errors.description}>
            <Input value={description} onChange={(e) => setDescription(e.target.value)} maxLength={500} />
          </FormField>
          <fieldset className="space-y-1">
            <legend className="text-sm font-medium">Events</legend>
            {WEBHOOK_EVENT_TYPES.map((t) => (
              <label key={t} className="flex items-center gap-2 font-mono text-xs">
                <Checkbox checked={events.includes(t)} onCheckedChange={(c) => setEvents((l) => (c === true ? [...new Set([...l, t])] : l.filter((x) => x !== t)))} />
                {t}
              </label>
            ))}
            {errors.events ? <p className="text-sm text-destructive">{errors.events}</p> : null}
          </fieldset>
        </form>
        <FormDialogFooter form="create-webhook" submitLabel="Add endpoint" pending={create.isPending} onCancel={onClose} />
      </DialogContent>
    </Dialog>
  );
}

/** `YYYY-MM-DDTHH:MM` of an instant in the viewer's zone: what a datetime-local picker holds. */
function wallTimeOf(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}
