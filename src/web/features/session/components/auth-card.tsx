import * as React from 'react';
import { cn } from '@web/lib/utils';

export interface AuthCardProps {
  /** The page's h1. */
  title: string;
  description?: React.ReactNode;
  children: React.ReactNode;
  footer?: React.ReactNode;
  className?: string;
  /** Focus the heading when it changes (multi-step forms), so screen readers announce the step. */
  focusTitle?: boolean;
}

/** Centred card used by the sign-in, password and invitation pages. */
export function AuthCard({ title, description, children, footer, className, focusTitle }: AuthCardProps) {
  const headingRef = React.useRef<HTMLHeadingElement>(null);
  React.useEffect(() => {
    if (focusTitle) headingRef.current?.focus();
  }, [focusTitle, title]);

  return (
    <div className="px-4 py-10 sm:py-16">
      <div className={cn('mx-auto w-full max-w-md', className)}>
        <div className="rounded-xl border border-border bg-card p-6 shadow-sm sm:p-8">
          <div className="mb-6 space-y-2">
            <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-semibold tracking-tight">
              {title}
            </h1>
            {description ? <div className="text-sm text-muted-foreground">{description}</div> : null}
          </div>
          {children}
        </div>
        {footer ? <div className="mt-6 text-center text-sm text-muted-foreground">{footer}</div> : null}
      </div>
    </div>
  );
}
