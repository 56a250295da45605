import { formatDateTime, formatRelative } from '@web/lib/format-date';
import { cn } from '@web/lib/utils';

/**
 * "5 minutes ago", with the exact date and time as its title (on hover) and in the
 * machine-readable `dateTime`.
 */
export function RelativeTime({ value, className, seconds = false }: { value: string; className?: string; seconds?: boolean }) {
  const absolute = formatDateTime(value, { seconds });
  return (
    <time dateTime={value} title={absolute} className={cn('whitespace-nowrap', className)}>
      {formatRelative(value)}
    </time>
  );
}
