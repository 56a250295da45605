import * as React from 'react';
import { KeyRound, Plus } from 'lucide-react';
import { can } from '@domain/auth/permissions';
import { API_SCOPE_GROUPS, SCOPE_CAPABILITY } from '@domain/developer/api-scopes';
import { useSignedInSession } from '@web/lib/use-signed-in-session';
import { API_KEY_MAX_LIFETIME_YEARS, CreateApiKeyBody, type ApiKeyView, type ApiScope } from '@contracts/api-keys';
import { RelativeTime } from '@web/components/relative-time';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Checkbox } from '@web/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, FormDialogFooter } from '@web/components/ui/dialog';
import { EmptyState } from '@web/components/ui/empty-state';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Skeleton } from '@web/components/ui/skeleton';
import { useToast } from '@web/components/ui/toast';
import { errorMessage, isApiError } from '@web/lib/api';
import { useOrganizationOptions } from '@web/lib/queries/list-organization-options';
import { useApiKeys, useCreateApiKey, useRevokeApiKey, useRotateApiKey } from '../api/api-keys';
import { SecretOnce } from './secret-once';
import { TryIt } from './try-it';

const STATUS_VARIANT = { active: 'success', inactive: 'warning', expired: 'neutral', revoked: 'destructive' } as const;

const isoDay = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
/** The last day a key may expire on, its end (23:59:59) still within the server's limit. */
const yearsAhead = (years: number) => {
  const d = new Date();
  d.setFullYear(d.getFullYear() + years);
  d.setDate(d.getDate() - 1);
  return d;
};

/** /developer → API keys: create (secret shown once), list with last use, revoke, rotate; then try the key. */
export function ApiKeysTab() {
  const keys = useApiKeys();
  const [creating, setCreating] = React.useState(false);
  const [shown, setShown] = React.useState<{ name: string; secret: string } | null>(null);
  const revoke = useRevokeApiKey();
  const rotate = useRotateApiKey();
  const { toast } = useToast();

  const onRotate = (key: ApiKeyView) =>
    rotate.mutate(key.id, {
      onSuccess: (created) => {
        setShown({ name: created.key.name, secret: created.secret });
        toast({ title: `${key.name}: new secret`, description: `${key.prefix} no longer works.` });
      },
      onError: (error) => toast({ title: 'Could not rotate the key', description: errorMessage(error), variant: 'error' }),
    });
  const onRevoke = (key: ApiKeyView) => {
    if (!window.confirm(`Revoke ${key.name} (${key.prefix})? Requests with it are refused from now on.`)) return;
    revoke.mutate(key.id, {
      onSuccess: () => toast({ title: `${key.name} revoked` }),
      onError: (error) => toast({ title: 'Could not revoke the key', description: errorMessage(error), variant: 'error' }),
    });
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-base font-semibold">API keys</h2>
        <Button onClick={() => setCreating(true)}>
          <Plus aria-hidden="true" />
          Create API key
        </Button>
      </div>
      {shown ? (
        <SecretOnce label={`The secret of ${shown.name}`} secret={shown.secret} note="Copy it now: it is shown once and stored only as a hash. Send it as Authorization: Bearer <key>." />
      ) : null}
      {keys.isPending ? (
        <div role="status" className="space-y-2">
          <span className="sr-only">Loading API keys…</span>
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
        </div>
      ) : keys.isError ? (
        <Alert variant="destructive" title="The API keys could not be loaded">
          {errorMessage(keys.error)}{' '}
          <Button variant="link" onClick={() => keys.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : keys.data.items.length === 0 ? (
        <EmptyState icon={KeyRound} title="No API keys yet" description="Create a key to call the REST API from your systems." />
      ) : (
        <ul aria-label="API keys" className="divide-y divide-border rounded-xl border border-border bg-card">
          {keys.data.items.map((key) => (
            <li key={key.id} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-start sm:justify-between">
              <div className="min-w-0 space-y-1">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">{key.name}</span>
                  <code className="font-mono text-xs">{key.prefix}…</code>
                  <Badge variant={STATUS_VARIANT[key.status]}>{key.status}</Badge>
                </p>
                {key.inactiveReason ? <p className="text-sm text-warning-soft-foreground">{key.inactiveReason}</p> : null}
                <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
                  {key.scopes.join(', ')} · {key.organizations.map((o) => o.name).join(', ')}
                </p>
                <p className="text-xs text-muted-foreground">
                  Created by {key.createdBy.name} <RelativeTime value={key.createdAt} />
                  {key.expiresAt ? (
                    <>
                      {' '}
                      · expires <RelativeTime value={key.expiresAt} />
                    </>
                  ) : null}{' '}
                  · {key.lastUsedAt ? (
                    <>
                      last used <RelativeTime value={key.lastUsedAt} /> from {key.lastUsedIp}
                    </>
                  ) : (
                    'never used'
                  )}
                </p>
              </div>
              {key.status === 'active' || key.status === 'inactive' ? (
                <div className="flex shrink-0 gap-2">
                  <Button size="sm" variant="outline" onClick={() => onRotate(key)} aria-label={`Rotate ${key.name}`}>
                    Rotate
                  </Button>
                  <Button size="sm" variant="destructive" onClick={() => onRevoke(key)} aria-label={`Revoke ${key.name}`}>
                    Revoke
                  </Button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <TryIt key={shown?.secret ?? ''} defaultKey={shown?.secret ?? ''} />
      {/* Mounted while open, so each opening starts with an empty form. */}
      {creating ? (
        <CreateKeyDialog
          open
          onClose={() => setCreating(false)}
          onCreated={(name, secret) => {
            setCreating(false);
            setShown({ name, secret });
          }}
        />
      ) : null}
    </div>
  );
}

function CreateKeyDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (name: string, secret: string) => void }) {
  const organizations = useOrganizationOptions();
  const create = useCreateApiKey();
  const { user } = useSignedInSession();
  const [name, setName] = React.useState('');
  const [chosenOrgIds, setOrgIds] = React.useState<string[] | null>(null);
  const [scopes, setScopes] = React.useState<ApiScope[]>(['calls:read']);
  const [expiresOn, setExpiresOn] = React.useState('');
  const [errors, setErrors] = React.useState<Record<string, string>>({});

  const active = (organizations.data ?? []).filter((o) => o.status === 'active');
  // The only organization is chosen until the user chooses.
  const orgIds = chosenOrgIds ?? (active.length === 1 ? [active[0]!.id] : []);

  const toggle = <T,>(list: T[], value: T, on: boolean) => (on ? [...new Set([...list, value])] : list.filter((v) => v !== value));
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const body = { name, organizationIds: orgIds, scopes, expiresAt: expiresOn ? new Date(`${expiresOn}T23:59:59`).toISOString() : null };
    const parsed = CreateApiKeyBody.safeParse(body);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: (created) => onCreated(created.key.name, created.secret),
      onError: (error) => setErrors(isApiError(error) && error.hasFieldErrors ? error.fields : { form: errorMessage(error) }),
    });
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Create API key</DialogTitle>
          <DialogDescription>It acts for you, only in the organizations and with the scopes you choose.</DialogDescription>
        </DialogHeader>
        <form id="create-api-key" onSubmit={submit} className="space-y-4" noValidate>
          {errors.form ? <Alert variant="destructive" title={errors.form} /> : null}
          <FormField label="Name" error={errors.name} required>
            <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={100} placeholder="EHR sync" />
          </FormField>
          <fieldset className="space-y-2" aria-describedby={errors.organizationIds ? 'key-orgs-error' : undefined}>
            <legend className="text-sm font-medium">Organizations</legend>
            {organizations.isPending ? <Skeleton className="h-6 w-48" /> : null}
            {active.map((o) => (
              <label key={o.id} className="flex items-center gap-2 text-sm">
                <Checkbox checked={orgIds.includes(o.id)} onCheckedChange={(c) => setOrgIds(toggle(orgIds, o.id, c === true))} />
                {o.name}
              </label>
            ))}
            {errors.organizationIds ? (
              <p id="key-orgs-error" className="text-sm text-destructive">
                {errors.organizationIds}
              </p>
            ) : null}
          </fieldset>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">Scopes</legend>
            <p className="text-xs text-muted-foreground">A key does no more than your role may: scopes your role lacks cannot be chosen.</p>
            <div className="grid gap-1 sm:grid-cols-[1fr_auto_auto] sm:items-center sm:gap-x-4">
              {API_SCOPE_GROUPS.map((group) => (
                <React.Fragment key={group.label}>
                  <span className="text-sm text-muted-foreground">{group.label}</span>
                  {(['read', 'write'] as const).map((kind) => {
                    const scope = group[kind];
                    return scope ? (
                      <label key={kind} className="flex items-center gap-2 text-sm">
                        <Checkbox
                          checked={scopes.includes(scope)}
                          disabled={!can(user.role, SCOPE_CAPABILITY[scope])}
                          onCheckedChange={(c) => setScopes((l) => toggle(l, scope, c === true))} aria-label={`${group.label}: ${kind === 'read' ? 'read' : kind === 'write' && !group.read ? 'use' : 'write'}`} />
                        {kind === 'read' ? 'Read' : group.read ? 'Write' : 'Use'}
                      </label>
                    ) : (
                      <span key={kind} aria-hidden="true" />
                    );
                  })}
                </React.Fragment>
              ))}
            </div>
            {errors.scopes ? <p className="text-sm text-destructive">{errors.scopes}</p> : null}
          </fieldset>
          <FormField label="Expires on (optional)" error={errors.expiresAt} description={`At most ${API_KEY_MAX_LIFETIME_YEARS} years ahead. Leave empty for a key that works until revoked.`}>
            <Input type="date" value={expiresOn} min={isoDay(new Date())} max={isoDay(yearsAhead(API_KEY_MAX_LIFETIME_YEARS))} onChange={(e) => setExpiresOn(e.target.value)} />
          </FormField>
        </form>
        <FormDialogFooter form="create-api-key" submitLabel="Create key" pending={create.isPending} onCancel={onClose} />
      </DialogContent>
    </Dialog>
  );
}
