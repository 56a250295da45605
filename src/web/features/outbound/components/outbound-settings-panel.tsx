import * as React from 'react';
import { UpdateOutboundSettingsBody, type OutboundSettings } from '@contracts/outbound';
import type { SessionOrganization } from '@contracts/session';
import { FormErrorAlert } from '@web/components/form-error-alert';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { LoadingBlock } from '@web/components/ui/spinner';
import { useToast } from '@web/components/ui/toast';
import { isApiError } from '@web/lib/api';
import { formatDateTime, type Practice } from '@web/lib/format-date';
import { useOutboundSettings, useUpdateOutboundSettings } from '../api/outbound-settings';
import { windowSummary } from '../labels';
import { CallingWindowFieldset, type WindowValue } from './calling-window-fieldset';
import { OrganizationPicker } from './organization-picker';

/**
 * The organization's outbound settings on /outbound: the calling window of single calls and
 * call-backs, and how many outbound calls may be on the line at once. Supervisors and
 * administrators change them; others read them.
 */
export function OutboundSettingsPanel({ organizations, canEdit }: { organizations: SessionOrganization[]; canEdit: boolean }) {
  const [organizationId, setOrganizationId] = React.useState(organizations[0]?.id ?? '');
  const settings = useOutboundSettings(organizationId);
  return (
    <section aria-labelledby="outbound-settings-heading" className="space-y-4 rounded-xl border border-border bg-card p-4 sm:p-6">
      <div>
        <h2 id="outbound-settings-heading" className="text-lg font-semibold">
          Calling settings
        </h2>
        <p className="text-sm text-muted-foreground">When single calls and call-backs may ring, and how many outbound calls this practice places at once. A campaign keeps its own window.</p>
      </div>
      <OrganizationPicker organizations={organizations} value={organizationId} onChange={setOrganizationId} />
      {settings.isPending ? (
        <LoadingBlock label="Loading the settings…" />
      ) : settings.isError ? (
        <Alert variant="destructive" title="The settings could not be loaded">
          {settings.error.message}{' '}
          <Button variant="link" onClick={() => void settings.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        // Keyed by what was stored: another organization, or a save elsewhere, starts the form afresh.
        <SettingsForm key={`${organizationId}:${settings.data.updatedAt ?? 'default'}`} settings={settings.data} canEdit={canEdit} practice={organizations.find((o) => o.id === organizationId)} />
      )}
    </section>
  );
}

type Errors = Partial<Record<'window.start' | 'window.end' | 'window.days' | 'concurrency', string>>;

function SettingsForm({ settings, canEdit, practice }: { settings: OutboundSettings; canEdit: boolean; practice: Practice | undefined }) {
  const update = useUpdateOutboundSettings(settings.organizationId);
  const { toast } = useToast();
  const [window, setWindow] = React.useState<WindowValue>({ ...settings.window, days: [...settings.window.days] });
  const [concurrency, setConcurrency] = React.useState(settings.concurrency === null ? '' : String(settings.concurrency));
  const [errors, setErrors] = React.useState<Errors>({});

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    const body = { window, concurrency: concurrency.trim() === '' ? null : Number(concurrency) };
    const parsed = UpdateOutboundSettingsBody.safeParse(body);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const path = issue.path.slice(0, 2).join('.') as keyof Errors;
        found[path] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    update.mutate(parsed.data, {
      onSuccess: (saved) => toast({ title: 'Calling settings saved', description: `Single calls ring ${windowSummary(saved.window, practice?.country)}; up to ${saved.effectiveConcurrency} calls at once.` }),
      onError: (error) => {
        if (isApiError(error)) setErrors(Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k.replace(/^window\.days\.\d+$/, 'window.days'), v])) as Errors);
      },
    });
  };

  const error = update.error;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {!canEdit ? <p className="text-sm text-muted-foreground">Supervisors and administrators change these settings.</p> : null}
      {error && !(isApiError(error) && error.hasFieldErrors) ? <FormErrorAlert error={error} /> : null}
      <CallingWindowFieldset
        legend="Calling window for single calls (the callee’s local time)"
        value={window}
        onChange={setWindow}
        errors={{ start: errors['window.start'], end: errors['window.end'], days: errors['window.days'] }}
        disabled={!canEdit}
        country={practice?.country}
      />
      <FormField
        label="Outbound calls at once"
        error={errors.concurrency}
        description={`For single calls, call-backs and campaigns together. Empty: the deployment’s default (${settings.defaultConcurrency}).`}
        className="sm:max-w-xs"
      >
        <Input type="number" inputMode="numeric" min={1} max={50} placeholder={String(settings.defaultConcurrency)} value={concurrency} disabled={!canEdit} onChange={(e) => setConcurrency(e.target.value)} />
      </FormField>
      <p className="text-sm text-muted-foreground">
        Now: {windowSummary(settings.window, practice?.country)}; up to {settings.effectiveConcurrency} at once.{settings.updatedAt ? ` Last changed ${formatDateTime(settings.updatedAt, { practice })}.` : ' The defaults apply.'}
      </p>
      {canEdit ? (
        <Button type="submit" loading={update.isPending}>
          Save the settings
        </Button>
      ) : null}
    </form>
  );
}
