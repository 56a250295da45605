import { Link } from 'react-router';
import { cn } from '@web/lib/utils';
import { paths } from '@web/lib/paths';

export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('size-7 shrink-0', className)}>
      <rect width="32" height="32" rx="7" fill="currentColor" />
      <path
        fill="#fff"
        d="M12.2 8.5c.5-.3 1.2-.2 1.5.3l1.9 3.1c.3.5.2 1.1-.2 1.5l-1.4 1.2c.8 1.7 2 3 3.7 3.8l1.2-1.4c.4-.4 1-.5 1.5-.2l3.1 1.9c.5.3.7 1 .3 1.5l-1.1 1.8c-.5.8-1.4 1.2-2.3 1-5.1-1.1-9-5-10.1-10.1-.2-.9.2-1.8 1-2.3z"
      />
    </svg>
  );
}

/** The product name, linking home. Not a heading: each page has its own h1. */
export function BrandLink({ to = paths.home.path, className }: { to?: string; className?: string }) {
  return (
    <Link to={to} className={cn('inline-flex items-center gap-2 rounded-md text-primary', className)}>
      <BrandMark />
      <span className="text-lg font-semibold tracking-tight text-foreground">Switchboard</span>
    </Link>
  );
}
