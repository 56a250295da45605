import * as React from 'react';
import { X } from 'lucide-react';
import { cn } from '@web/lib/utils';
import { Button } from './button';
import { Label } from './label';
import { Select } from './select';

export interface FilterBarProps extends React.HTMLAttributes<HTMLDivElement> {
  /** Accessible name of the search landmark, e.g. "Filter calls". */
  label: string;
}

/** The search landmark around a list's filters; the caller lays out what goes inside. */
export function FilterBar({ label, children, ...props }: FilterBarProps) {
  return (
    <div role="search" aria-label={label} {...props}>
      {children}
    </div>
  );
}

export interface FilterOption {
  value: string;
  label: string;
}

export interface FilterSelectProps {
  label: string;
  /** The chosen value; undefined is the "any" choice. */
  value: string | undefined;
  /** Called with undefined when the "any" choice is picked. */
  onChange: (value: string | undefined) => void;
  /** The first choice, which sets no filter ("All types", "Any status"). */
  anyLabel: string;
  options: readonly FilterOption[];
  className?: string;
  /** Extra <option> elements after the options. */
  children?: React.ReactNode;
}

/** One labelled filter of a FilterBar: a native select whose first, empty choice clears it. */
export function FilterSelect({ label, value, onChange, anyLabel, options, className, children }: FilterSelectProps) {
  const id = React.useId();
  return (
    <div className={cn('space-y-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Select id={id} value={value ?? ''} onChange={(event) => onChange(event.target.value || undefined)}>
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
        {children}
      </Select>
    </div>
  );
}

/** The "Clear filters" button of a FilterBar. */
export function ClearFiltersButton({ className, onClick }: { className?: string; onClick: () => void }) {
  return (
    <Button variant="ghost" className={className} onClick={onClick}>
      <X aria-hidden="true" />
      Clear filters
    </Button>
  );
}
