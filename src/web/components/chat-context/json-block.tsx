import type * as React from 'react';
import { cn } from '@web/lib/utils';

/** Pretty JSON in a scrollable, keyboard-reachable box. */
export function JsonBlock({ value, label, className }: { value: unknown; label: string; className?: string }) {
  const text = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
  return (
    <pre
      tabIndex={0}
      aria-label={label}
      className={cn('max-h-80 overflow-auto rounded-md border border-border bg-muted/60 p-3 font-mono text-xs leading-relaxed whitespace-pre-wrap [overflow-wrap:anywhere]', className)}
    >
      {text}
    </pre>
  );
}

export function Disclosure({ summary, children, defaultOpen }: { summary: React.ReactNode; children: React.ReactNode; defaultOpen?: boolean }) {
  return (
    <details className="group rounded-md border border-border" open={defaultOpen}>
      <summary className="cursor-pointer select-none rounded-md px-3 py-2 text-sm font-medium hover:bg-muted">{summary}</summary>
      <div className="border-t border-border p-3">{children}</div>
    </details>
  );
}
