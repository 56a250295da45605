import * as React from 'react';
import { cn } from '@web/lib/utils';

export interface PageHeaderProps {
  /** The page's one h1. */
  title: React.ReactNode;
  description?: React.ReactNode;
  /** Buttons shown to the right (below on small screens). */
  actions?: React.ReactNode;
  /** Small line above the title (e.g. a breadcrumb or organization name). */
  eyebrow?: React.ReactNode;
  className?: string;
}

export function PageHeader({ title, description, actions, eyebrow, className }: PageHeaderProps) {
  return (
    <div className={cn('mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between', className)}>
      <div className="min-w-0 space-y-1">
        {eyebrow ? <div className="text-sm font-medium text-muted-foreground">{eyebrow}</div> : null}
        <h1 className="text-2xl font-semibold tracking-tight text-foreground sm:text-[1.75rem]">{title}</h1>
        {description ? <p className="max-w-2xl text-sm text-muted-foreground sm:text-base">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </div>
  );
}
