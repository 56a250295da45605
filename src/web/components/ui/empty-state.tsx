import * as React from 'react';
import type { LucideIcon } from 'lucide-react';
import { Inbox } from 'lucide-react';
import { cn } from '@web/lib/utils';

export interface EmptyStateProps {
  title: string;
  description?: React.ReactNode;
  icon?: LucideIcon;
  /** Buttons or links offering the next step. */
  action?: React.ReactNode;
  className?: string;
  /** Heading level of the title (h2 by default; h3 inside a card with its own h2; h1 when it is the page). */
  headingLevel?: 'h1' | 'h2' | 'h3';
}

export function EmptyState({ title, description, icon: Icon = Inbox, action, className, headingLevel = 'h2' }: EmptyStateProps) {
  const Heading = headingLevel;
  return (
    <div className={cn('flex flex-col items-center justify-center px-6 py-12 text-center', className)}>
      <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary">
        <Icon aria-hidden="true" className="size-6" />
      </div>
      <Heading className={headingLevel === 'h1' ? 'text-xl font-semibold tracking-tight' : 'text-base font-semibold'}>{title}</Heading>
      {description ? <div className="mt-1 max-w-md text-sm text-muted-foreground">{description}</div> : null}
      {action ? <div className="mt-5 flex flex-wrap justify-center gap-3">{action}</div> : null}
    </div>
  );
}
