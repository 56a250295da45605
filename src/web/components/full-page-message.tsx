import * as React from 'react';
import type { LucideIcon } from 'lucide-react';
import { BrandLink } from './brand';
import { SkipLink } from './skip-link';

export interface FullPageMessageProps {
  title: string;
  icon?: LucideIcon;
  tone?: 'neutral' | 'error';
  children?: React.ReactNode;
  actions?: React.ReactNode;
}

/**
 * A page of its own (header + main) for states that replace everything: the root error
 * page, the staff area when the session cannot be loaded.
 */
export function FullPageMessage({ title, icon: Icon, tone = 'neutral', children, actions }: FullPageMessageProps) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="border-b border-border bg-card">
        <div className="mx-auto flex h-16 max-w-5xl items-center px-4 sm:px-6">
          <BrandLink />
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex flex-1 items-center justify-center px-4 py-12">
        <div className="w-full max-w-lg text-center">
          {Icon ? (
            <div
              className={
                tone === 'error'
                  ? 'mx-auto mb-5 flex size-14 items-center justify-center rounded-full bg-destructive-soft text-destructive'
                  : 'mx-auto mb-5 flex size-14 items-center justify-center rounded-full bg-primary-soft text-primary'
              }
            >
              <Icon aria-hidden="true" className="size-7" />
            </div>
          ) : null}
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
          {children ? <div className="mt-3 space-y-3 text-muted-foreground">{children}</div> : null}
          {actions ? <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">{actions}</div> : null}
        </div>
      </main>
    </div>
  );
}
