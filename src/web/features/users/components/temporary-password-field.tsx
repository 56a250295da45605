import * as React from 'react';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';

export interface TemporaryPasswordFieldProps extends Omit<React.InputHTMLAttributes<HTMLInputElement>, 'type'> {
  error?: string;
}

/**
 * The optional temporary password an administrator may set for someone (empty: the server makes
 * a strong one). Spread react-hook-form's `register('temporaryPassword')` onto it.
 */
export const TemporaryPasswordField = React.forwardRef<HTMLInputElement, TemporaryPasswordFieldProps>(({ error, ...inputProps }, ref) => (
  <FormField
    label="Temporary password (optional)"
    description="Leave empty and Switchboard makes a strong one. You see it once, after saving."
    error={error}
  >
    <Input ref={ref} type="text" autoComplete="off" spellCheck={false} {...inputProps} />
  </FormField>
));
TemporaryPasswordField.displayName = 'TemporaryPasswordField';
