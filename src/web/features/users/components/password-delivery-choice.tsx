import * as React from 'react';
import { cn } from '@web/lib/utils';

export interface DeliveryOption<T extends string> {
  value: T;
  label: string;
  description: string;
}

export interface PasswordDeliveryChoiceProps<T extends string> extends Omit<React.InputHTMLAttributes<HTMLInputElement>, 'type' | 'value'> {
  legend: string;
  options: ReadonlyArray<DeliveryOption<T>>;
  /** The currently chosen value (for the selected style). */
  current: T;
  error?: string;
}

/**
 * A fieldset of radio "cards" (native radio inputs: arrow keys move between them).
 * Spread react-hook-form's `register(name)` onto it.
 */
export const PasswordDeliveryChoice = React.forwardRef<HTMLInputElement, PasswordDeliveryChoiceProps<string>>(
  ({ legend, options, current, error, className, ...inputProps }, ref) => {
    const id = React.useId();
    return (
      <fieldset className={cn('space-y-2', className)} aria-describedby={error ? `${id}-error` : undefined}>
        <legend className="mb-2 text-sm font-medium leading-none text-foreground">{legend}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {options.map((option) => {
            const optionId = `${id}-${option.value}`;
            const selected = current === option.value;
            return (
              <label
                key={option.value}
                htmlFor={optionId}
                className={cn(
                  'flex cursor-pointer gap-3 rounded-lg border p-3 text-sm transition-colors hover:bg-muted has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                  selected ? 'border-primary bg-primary-soft/60' : 'border-border',
                )}
              >
                <input
                  ref={ref}
                  id={optionId}
                  type="radio"
                  value={option.value}
                  aria-describedby={`${optionId}-description`}
                  className="mt-0.5 size-4 shrink-0 accent-[var(--color-primary)] focus-visible:outline-none"
                  {...inputProps}
                />
                <span>
                  <span className="block font-medium text-foreground">{option.label}</span>
                  <span id={`${optionId}-description`} className="mt-0.5 block text-muted-foreground">
                    {option.description}
                  </span>
                </span>
              </label>
            );
          })}
        </div>
        {error ? (
          <p id={`${id}-error`} className="text-sm font-medium text-destructive">
            {error}
          </p>
        ) : null}
      </fieldset>
    );
  },
);
PasswordDeliveryChoice.displayName = 'PasswordDeliveryChoice';
