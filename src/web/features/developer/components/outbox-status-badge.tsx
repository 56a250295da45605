import { Badge } from '@web/components/ui/badge';
import type { OutboxStatus } from '@contracts/developer';

const VARIANTS = { queued: 'info', sending: 'info', sent: 'success', failed: 'destructive' } as const;
const LABELS = { queued: 'Queued', sending: 'Sending', sent: 'Sent', failed: 'Failed' } as const;

export function OutboxStatusBadge({ status, title }: { status: OutboxStatus; title?: string }) {
  return (
    <Badge variant={VARIANTS[status]} title={title}>
      {LABELS[status]}
    </Badge>
  );
}
