import * as React from 'react';
import { ROLES, ROLE_LABELS, type Role } from '@domain/auth/permissions';
import { Select } from '@web/components/ui/select';

/** What each role may do (PRODUCT §2), shown under the role picker. */
export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  admin: 'Everything, in every organization: organizations, hours, schedules, users and the developer area.',
  supervisor: 'In their organizations: calls, handoffs, outbound calls and campaigns, analytics, hours and schedules.',
  agent: 'In their organizations: calls, handoffs, single outbound calls and the overview.',
  developer: 'In their organizations: the developer area, calls and chat context (read-only), and analytics.',
};

/** A native select of the four roles; spread react-hook-form's `register('role')` onto it. */
export const RoleSelect = React.forwardRef<HTMLSelectElement, React.SelectHTMLAttributes<HTMLSelectElement>>((props, ref) => (
  <Select ref={ref} {...props}>
    {ROLES.map((role) => (
      <option key={role} value={role}>
        {ROLE_LABELS[role]}
      </option>
    ))}
  </Select>
));
RoleSelect.displayName = 'RoleSelect';
