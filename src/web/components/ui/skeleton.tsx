import * as React from 'react';
import { cn } from '@web/lib/utils';

/** A placeholder block; decorative, so wrap a group of them in an element with role="status" and a label. */
export function Skeleton({ className, ...props }: React.HTMLAttributes<HTMLDivElement>) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-secondary', className)} {...props} />;
}
