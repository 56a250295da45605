import * as React from 'react';
import { ChevronDown } from 'lucide-react';
import { cn } from '@web/lib/utils';
import { controlClass } from './input';

/**
 * A styled native <select>: keyboard, screen-reader and mobile behaviour come from the
 * browser. Pass <option> elements as children.
 */
export const Select = React.forwardRef<HTMLSelectElement, React.SelectHTMLAttributes<HTMLSelectElement>>(
  ({ className, children, ...props }, ref) => (
    <div className="relative w-full">
      <select ref={ref} className={cn(controlClass, 'h-10 appearance-none py-2 pr-9', className)} {...props}>
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute right-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </div>
  ),
);
Select.displayName = 'Select';

/**
 * The <option> elements of a choice the person must make: a first, empty "choose…" option
 * and then one per entry of `options` (value → label).
 */
export function ChoiceOptions({ placeholder, options }: { placeholder: string; options: Readonly<Record<string, string>> }) {
  return (
    <>
      <option value="">{placeholder}</option>
      {Object.entries(options).map(([value, label]) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </>
  );
}
