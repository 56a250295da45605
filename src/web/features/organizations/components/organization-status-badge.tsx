import { Badge } from '@web/components/ui/badge';
import type { OrganizationStatus } from '@contracts/organizations';
import { STATUS_LABELS } from '../labels';

export function OrganizationStatusBadge({ status }: { status: OrganizationStatus }) {
  const variant = status === 'active' ? 'success' : status === 'paused' ? 'warning' : 'neutral';
  return <Badge variant={variant}>{STATUS_LABELS[status]}</Badge>;
}

/** Open/closed now, from the open-now answer. */
export function OpenNowBadge({ open, paused, text }: { open: boolean; paused: boolean; text: string }) {
  return (
    <span className="inline-flex items-center gap-2 text-sm">
      <span
        aria-hidden="true"
        className={`size-2 shrink-0 rounded-full ${paused ? 'bg-amber-500' : open ? 'bg-success' : 'bg-muted-foreground/50'}`}
      />
      <span className={open ? 'text-foreground' : 'text-muted-foreground'}>{text}</span>
    </span>
  );
}
