import type { OutboundJobSummary } from '@contracts/outbound';
import { Badge } from '@web/components/ui/badge';
import { JOB_STATUS_LABELS, JOB_STATUS_VARIANT, OUTCOME_LABELS } from '../labels';

export function JobStatusBadge({ job }: { job: Pick<OutboundJobSummary, 'status' | 'outcome'> }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      <Badge variant={JOB_STATUS_VARIANT[job.status]}>{JOB_STATUS_LABELS[job.status]}</Badge>
      {job.outcome ? <Badge variant="outline">{OUTCOME_LABELS[job.outcome]}</Badge> : null}
    </span>
  );
}
