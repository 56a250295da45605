import { PhoneOutgoing } from 'lucide-react';
import { usePractices } from '@web/lib/use-practice';
import { Link } from 'react-router';
import { can, type Role } from '@domain/auth/permissions';
import { FormErrorAlert } from '@web/components/form-error-alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { callPaths } from '@web/lib/call-paths';
import { formatDateTime } from '@web/lib/format-date';
import { useCallBackHandoff, useHandoffCallBacks } from '../api/single-calls';
import { useLiveOutbound } from '../use-live-outbound';
import { JobStatusBadge } from './job-status-badge';

/**
 * "Call back" on a handoff: the agent calls the contact through the outbound queue (calling window,
 * do-not-call list, retries); each call-back's state and its call show here, live.
 */
export function HandoffCallBackCard({ handoff, role }: { handoff: { id: string; status: string; contactPhone: string | null }; role: Role }) {
  const practiceOf = usePractices();
  const callBacks = useHandoffCallBacks(handoff.id);
  const callBack = useCallBackHandoff();
  useLiveOutbound();
  const open = handoff.status === 'open' || handoff.status === 'claimed';
  const items = callBacks.data?.items ?? [];
  const active = items.some((j) => ['scheduled', 'queued', 'dialing', 'in_progress'].includes(j.status));
  return (
    <Card>
      <CardHeader>
        <CardTitle>Call back</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        {can(role, 'outbound.single') && open ? (
          <Button onClick={() => callBack.mutate({ handoffId: handoff.id })} loading={callBack.isPending} disabled={active}>
            <PhoneOutgoing aria-hidden="true" />
            {active ? 'A call-back is under way' : 'Call back now'}
          </Button>
        ) : null}
        {callBack.error ? <FormErrorAlert error={callBack.error} /> : null}
        {items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{open ? 'The agent calls the contact within their calling window; the result lands here.' : 'No call-back was placed.'}</p>
        ) : (
          <ul className="space-y-2" aria-label="Call-backs" aria-live="polite">
            {items.map((j) => (
              <li key={j.id} className="flex flex-wrap items-center justify-between gap-2 text-sm" data-testid="handoff-call-back">
                <span className="text-muted-foreground">
                  {formatDateTime(j.createdAt, { practice: practiceOf(j.organizationId) })} · {j.attempts}/{j.maxAttempts} attempts
                </span>
                <span className="flex flex-wrap items-center gap-2">
                  <JobStatusBadge job={j} />
                  {j.lastCallId ? (
                    <Link className="font-medium text-primary underline-offset-4 hover:underline" to={callPaths.call.href(j.lastCallId)}>
                      Open the call
                    </Link>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
