import { Badge } from '@web/components/ui/badge';
import type { OutboxStatus } from '@contracts/developer';

const VARIANTS = { queued: 'info', sending: 'info', sent: 'success', delivered: 'success', undelivered: 'destructive', failed: 'destructive', suppressed: 'neutral' } as const;
// Suppressed: held back on purpose (a number that replied STOP); the row's last error says why.
const LABELS = { queued: 'Queued', sending: 'Sending', sent: 'Sent', delivered: 'Delivered', undelivered: 'Undelivered', failed: 'Failed', suppressed: 'Not sent' } as const;

export function OutboxStatusBadge({ status, title }: { status: OutboxStatus; title?: string }) {
  return (
    <Badge variant={VARIANTS[status]} title={title}>
      {LABELS[status]}
    </Badge>
  );
}
