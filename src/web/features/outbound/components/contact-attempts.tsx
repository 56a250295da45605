import * as React from 'react';
import { usePractices } from '@web/lib/use-practice';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { OutboundJobDetail } from '@contracts/outbound';
import { callPaths } from '@web/lib/call-paths';
import { apiFetch, errorMessage } from '@web/lib/api';
import { formatDateTime } from '@web/lib/format-date';
import { outboundJobsQueryKey } from '../api/single-calls';
import { ATTEMPT_RESULT_LABELS } from '../labels';

/** Every attempt of one contact with its call, read when the person opens the list. */
export function ContactAttempts({ jobId, count }: { jobId: string; count: number }) {
  const practiceOf = usePractices();
  const [open, setOpen] = React.useState(false);
  const detail = useQuery({
    queryKey: [...outboundJobsQueryKey, 'detail', jobId] as const,
    queryFn: ({ signal }) => apiFetch<OutboundJobDetail>(`/api/outbound/jobs/${encodeURIComponent(jobId)}`, { signal }),
    enabled: open,
  });
  return (
    <details className="w-full text-sm" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer text-muted-foreground">All {count} attempts</summary>
      {detail.isPending ? (
        <p className="mt-1 text-muted-foreground">Loading…</p>
      ) : detail.isError ? (
        <p className="mt-1 text-destructive">{errorMessage(detail.error)}</p>
      ) : (
        <ol className="mt-1 space-y-1">
          {detail.data.attemptList.map((a) => (
            <li key={a.id} className="flex flex-wrap gap-2">
              <span>
                Attempt {a.attemptNo} · {formatDateTime(a.placedAt ?? a.claimedAt, { practice: practiceOf(detail.data.organizationId) })} · {a.result ? ATTEMPT_RESULT_LABELS[a.result] : 'under way'}
              </span>
              {a.callId ? (
                <Link className="font-medium text-primary underline-offset-4 hover:underline" to={callPaths.call.href(a.callId)}>
                  Open attempt {a.attemptNo}’s call
                </Link>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}
