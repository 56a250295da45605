import * as React from 'react';
import { cn } from '@web/lib/utils';
import { Label } from './label';

export interface FormFieldProps {
  label: React.ReactNode;
  /** The single control (Input, Select, Textarea…); it receives id, aria-invalid and aria-describedby. */
  children: React.ReactElement;
  /** Error message shown below the control (from react-hook-form or the server). */
  error?: string;
  /** Help text shown below the label. */
  description?: React.ReactNode;
  /** Marks the label visually; pair with `required`/validation on the control. */
  required?: boolean;
  /** Something shown on the label's line, right-aligned (e.g. a "Forgot password?" link). */
  labelAside?: React.ReactNode;
  id?: string;
  className?: string;
}

/**
 * Label + control + description + error, wired for assistive technology:
 * the label points at the control, the control is described by the help text and the
 * error, and `aria-invalid` is set while there is an error.
 */
export function FormField({ label, children, error, description, required, labelAside, id, className }: FormFieldProps) {
  const generatedId = React.useId();
  const child = React.Children.only(children) as React.ReactElement<Record<string, unknown>>;
  const controlId = id ?? (child.props.id as string | undefined) ?? `field-${generatedId}`;
  const descriptionId = description ? `${controlId}-description` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  // Keep any description the control already points at (e.g. a password rules box).
  const describedBy =
    [child.props['aria-describedby'] as string | undefined, descriptionId, errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={cn('space-y-2', className)}>
      <div className="flex items-baseline justify-between gap-3">
        <Label htmlFor={controlId}>
          {label}
          {required ? (
            <span className="ml-0.5 text-destructive" aria-hidden="true">
              *
            </span>
          ) : null}
        </Label>
        {labelAside}
      </div>
      {description ? (
        <p id={descriptionId} className="text-sm text-muted-foreground">
          {description}
        </p>
      ) : null}
      {React.cloneElement(child, {
        id: controlId,
        'aria-invalid': error ? true : child.props['aria-invalid'],
        'aria-describedby': describedBy,
        'aria-required': required || child.props['aria-required'] || undefined,
      })}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
