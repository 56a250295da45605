import * as React from 'react';
import { Search } from 'lucide-react';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { cn } from '@web/lib/utils';

export interface FilterInputProps extends Omit<React.InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> {
  label: string;
  /** The applied value (from the URL or state). */
  value: string;
  /** Called once typing pauses. */
  onValueChange: (value: string) => void;
  className?: string;
}

/** A labelled search box that reports its value after typing pauses (300 ms). */
export function FilterInput({ label, value, onValueChange, className, id: idProp, ...props }: FilterInputProps) {
  const generatedId = React.useId();
  const id = idProp ?? generatedId;
  const [text, setText] = React.useState(value);
  const debounced = useDebouncedValue(text, 300);

  React.useEffect(() => {
    if (debounced.trim() !== value.trim()) onValueChange(debounced.trim());
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the debounced text changes
  }, [debounced]);

  const [lastValue, setLastValue] = React.useState(value);
  if (value !== lastValue) {
    setLastValue(value);
    if (value.trim() !== text.trim()) setText(value);
  }

  return (
    <div className={cn('space-y-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
        <Input id={id} type="search" autoComplete="off" spellCheck={false} className="pl-9" value={text} onChange={(e) => setText(e.target.value)} {...props} />
      </div>
    </div>
  );
}
