import * as React from 'react';
import { Check, Copy } from 'lucide-react';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';

/** A secret shown once, with a copy button: it is stored hashed (keys) or never shown again (signing secrets). */
export function SecretOnce({ label, secret, note }: { label: string; secret: string; note: string }) {
  const [copied, setCopied] = React.useState(false);
  const id = React.useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      // No clipboard (an insecure origin, or refused): select the text so the keyboard can copy it.
      const range = document.createRange();
      const node = document.getElementById(id);
      if (node) {
        range.selectNodeContents(node);
        window.getSelection()?.removeAllRanges();
        window.getSelection()?.addRange(range);
      }
    }
  };
  return (
    <Alert variant="warning" title={label}>
      <p className="mb-2 text-sm">{note}</p>
      <div className="flex flex-wrap items-center gap-2">
        <code id={id} data-testid="secret-once" className="min-w-0 flex-1 rounded-md border border-border bg-card px-2 py-1.5 font-mono text-xs [overflow-wrap:anywhere]">
          {secret}
        </code>
        <Button type="button" size="sm" variant="outline" onClick={copy} aria-live="polite">
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
    </Alert>
  );
}
