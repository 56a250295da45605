import * as React from 'react';
import { Select } from '@web/components/ui/select';
import type { SessionOrganization } from '@contracts/session';
import { cn } from '@web/lib/utils';
import { ALL_ORGANIZATIONS } from '../use-organization-param';

export interface OrganizationSwitcherProps {
  organizations: readonly SessionOrganization[];
  value: string | null;
  onChange: (organizationId: string) => void;
  /** Offer "All organizations" as the first choice. */
  allowAll?: boolean;
  label?: string;
  /** Hide the label visually (it stays available to screen readers). */
  hideLabel?: boolean;
  className?: string;
}

/**
 * Chooses the organization a page shows. Pair it with `useOrganizationParam`, which keeps the
 * choice in the URL (`?org=`) and in localStorage.
 */
export function OrganizationSwitcher({
  organizations,
  value,
  onChange,
  allowAll = false,
  label = 'Organization',
  hideLabel = false,
  className,
}: OrganizationSwitcherProps) {
  const id = React.useId();
  if (organizations.length === 0) return null;
  return (
    <div className={cn('flex min-w-52 flex-col gap-1.5', className)}>
      <label htmlFor={id} className={cn('text-sm font-medium', hideLabel && 'sr-only')}>
        {label}
      </label>
      <Select id={id} value={value ?? ''} onChange={(event) => onChange(event.target.value)}>
        {allowAll ? <option value={ALL_ORGANIZATIONS}>All organizations</option> : null}
        {organizations.map((organization) => (
          <option key={organization.id} value={organization.id}>
            {organization.name}
          </option>
        ))}
      </Select>
    </div>
  );
}
