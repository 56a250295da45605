import * as React from 'react';
import { cva, type VariantProps } from 'class-variance-authority';
import { CircleAlert, CircleCheck, Info, TriangleAlert } from 'lucide-react';
import { cn } from '@web/lib/utils';

const alertVariants = cva('relative flex w-full gap-3 rounded-lg border p-4 text-sm [&>svg]:mt-0.5 [&>svg]:size-4 [&>svg]:shrink-0', {
  variants: {
    variant: {
      info: 'border-blue-200 bg-info-soft text-info-soft-foreground',
      success: 'border-green-200 bg-success-soft text-success-soft-foreground',
      warning: 'border-amber-200 bg-warning-soft text-warning-soft-foreground',
      destructive: 'border-red-200 bg-destructive-soft text-destructive-soft-foreground',
      neutral: 'border-border bg-card text-foreground',
    },
  },
  defaultVariants: { variant: 'info' },
});

const icons = {
  info: Info,
  success: CircleCheck,
  warning: TriangleAlert,
  destructive: CircleAlert,
  neutral: Info,
} as const;

export interface AlertProps extends Omit<React.HTMLAttributes<HTMLDivElement>, 'title'>, VariantProps<typeof alertVariants> {
  title?: React.ReactNode;
  /** Announce immediately (errors that appear after an action). Defaults to polite status. */
  assertive?: boolean;
  /** Hide the leading icon. */
  noIcon?: boolean;
}

export function Alert({ className, variant, title, assertive, noIcon, children, ...props }: AlertProps) {
  const Icon = icons[variant ?? 'info'];
  return (
    <div role={assertive ? 'alert' : 'status'} className={cn(alertVariants({ variant }), className)} {...props}>
      {noIcon ? null : <Icon aria-hidden="true" />}
      <div className="min-w-0 flex-1 space-y-1">
        {title ? <p className="font-semibold leading-snug">{title}</p> : null}
        {children ? <div className="leading-relaxed [&_a]:font-medium [&_a]:underline">{children}</div> : null}
      </div>
    </div>
  );
}
