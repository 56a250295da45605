import * as React from 'react';
import { Check, Copy } from 'lucide-react';
import { Button, type ButtonProps } from '@web/components/ui/button';

export interface CopyButtonProps extends Omit<ButtonProps, 'onClick' | 'children'> {
  /** The text put on the clipboard. */
  value: string;
  /** Visible label (default "Copy"); say what is copied when several buttons share a screen. */
  label?: string;
  /** Accessible name when the visible label alone is ambiguous ("Copy the temporary password"). */
  'aria-label'?: string;
}

/** Copies a value to the clipboard and says so ("Copied") for a moment. */
export function CopyButton({ value, label = 'Copy', variant = 'outline', size = 'sm', ...props }: CopyButtonProps) {
  const [copied, setCopied] = React.useState(false);
  const [failed, setFailed] = React.useState(false);

  React.useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = () => {
    if (!navigator.clipboard) {
      setFailed(true);
      return;
    }
    navigator.clipboard.writeText(value).then(
      () => {
        setFailed(false);
        setCopied(true);
      },
      () => setFailed(true),
    );
  };

  return (
    <>
      <Button variant={variant} size={size} onClick={copy} {...props}>
        {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
        {copied ? 'Copied' : label}
      </Button>
      <span role="status" className="sr-only">
        {copied ? 'Copied to the clipboard' : failed ? 'Could not copy. Select the text and copy it yourself.' : ''}
      </span>
    </>
  );
}
