import * as React from 'react';
import { Checkbox } from '@web/components/ui/checkbox';
import { Label } from '@web/components/ui/label';
import { Skeleton } from '@web/components/ui/skeleton';
import { errorMessage } from '@web/lib/api';
import { cn } from '@web/lib/utils';
import { Alert } from '@web/components/ui/alert';
import type { Role } from '@domain/auth/permissions';
import { useOrganizationOptions, type OrganizationOption } from '@web/lib/queries/list-organization-options';

export interface OrganizationsChecklistProps {
  organizations: OrganizationOption[] | undefined;
  isLoading?: boolean;
  loadError?: unknown;
  value: string[];
  onChange: (next: string[]) => void;
  error?: string;
  legend?: string;
  description?: string;
}

/**
 * Organizations as a list of checkboxes in a fieldset. Deactivated organizations are offered
 * only when already chosen (so they can be removed).
 */
export function OrganizationsChecklist({
  organizations,
  isLoading,
  loadError,
  value,
  onChange,
  error,
  legend = 'Organizations',
  description = 'The practices this person works in. They see only these organizations’ records.',
}: OrganizationsChecklistProps) {
  const id = React.useId();
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const selected = new Set(value);
  const visible = (organizations ?? []).filter((o) => o.status !== 'deactivated' || selected.has(o.id));

  const toggle = (organizationId: string, checked: boolean) => {
    const next = new Set(selected);
    if (checked) next.add(organizationId);
    else next.delete(organizationId);
    onChange((organizations ?? []).map((o) => o.id).filter((oid) => next.has(oid)));
  };

  return (
    <fieldset
      className="space-y-2"
      aria-describedby={[descriptionId, error ? errorId : null].filter(Boolean).join(' ')}
      aria-invalid={error ? true : undefined}
    >
      <legend className="text-sm font-medium leading-none text-foreground">
        {legend}
        <span className="ml-0.5 text-destructive" aria-hidden="true">
          *
        </span>
      </legend>
      <p id={descriptionId} className="pt-1 text-sm text-muted-foreground">
        {description}
      </p>
      {isLoading ? (
        <div role="status" className="space-y-2">
          <span className="sr-only">Loading organizations…</span>
          <Skeleton className="h-5 w-48" />
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-5 w-52" />
        </div>
      ) : loadError ? (
        <p className="text-sm text-destructive">The organizations could not be loaded. {errorMessage(loadError)}</p>
      ) : visible.length === 0 ? (
        <p className="text-sm text-muted-foreground">There are no organizations yet. Create one first.</p>
      ) : (
        <ul
          className={cn(
            'max-h-56 space-y-1 overflow-y-auto rounded-md border border-border p-2',
            error && 'border-destructive',
          )}
        >
          {visible.map((organization) => {
            const checkboxId = `${id}-${organization.id}`;
            return (
              <li key={organization.id} className="flex items-center gap-3 rounded-md px-2 py-1.5 hover:bg-muted">
                <Checkbox
                  id={checkboxId}
                  checked={selected.has(organization.id)}
                  onCheckedChange={(checked) => toggle(organization.id, checked === true)}
                />
                <Label htmlFor={checkboxId} className="flex-1 cursor-pointer py-0.5 font-normal">
                  {organization.name}
                  {organization.status !== 'active' ? (
                    <span className="ml-1 text-muted-foreground">({organization.status === 'paused' ? 'paused' : 'deactivated'})</span>
                  ) : null}
                </Label>
              </li>
            );
          })}
        </ul>
      )}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * The organizations a user works in, for the role chosen: administrators work in every
 * organization, so they get a note instead of the checklist.
 */
export function OrganizationsForRole({ role, value, onChange, error }: { role: Role; value: string[]; onChange: (next: string[]) => void; error?: string }) {
  const organizations = useOrganizationOptions();
  if (role === 'admin') return <Alert variant="neutral">Administrators work in every organization, so there is nothing to choose.</Alert>;
  return (
    <OrganizationsChecklist
      organizations={organizations.data}
      isLoading={organizations.isPending}
      loadError={organizations.error}
      value={value}
      onChange={onChange}
      error={error}
    />
  );
}
