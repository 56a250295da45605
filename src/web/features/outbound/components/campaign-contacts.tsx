import * as React from 'react';
import { usePractices } from '@web/lib/use-practice';
import { Users } from 'lucide-react';
import { Link } from 'react-router';
import { OutboundJobStatus, type OutboundJobSummary } from '@contracts/outbound';
import { handoffPaths } from '@web/lib/handoff-paths';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { FormField } from '@web/components/ui/form-field';
import { Select } from '@web/components/ui/select';
import { Skeleton } from '@web/components/ui/skeleton';
import { callPaths } from '@web/lib/call-paths';
import { errorMessage } from '@web/lib/api';
import { formatDateTime } from '@web/lib/format-date';
import { useCampaignContacts } from '../api/campaigns';
import { JOB_STATUS_LABELS } from '../labels';
import { ContactAttempts } from './contact-attempts';
import { JobStatusBadge } from './job-status-badge';
import { formatPhone } from '@web/lib/format-phone';

/** What the person said and what the call created for staff (issue 27 §2). */
export function ContactResult({ job }: { job: Pick<OutboundJobSummary, 'response' | 'created' | 'contactName'> }) {
  if (!job.response && !job.created) return null;
  return (
    <div className="mt-1 space-y-0.5 text-sm">
      {job.response ? (
        <p>
          <span className="text-muted-foreground">They said: </span>
          <q className="break-words">{job.response}</q>
        </p>
      ) : null}
      {job.created ? (
        <p>
          <span className="text-muted-foreground">Created: </span>
          {job.created.kind === 'appointment_request' ? `Appointment request${job.created.referenceCode ? ` ${job.created.referenceCode}` : ''}` : 'Handoff for the team'}
          {job.created.handoffId ? (
            <>
              {' · '}
              <Link className="font-medium text-primary underline-offset-4 hover:underline" to={handoffPaths.handoff.href(job.created.handoffId)} aria-label={`Open what was created for ${job.contactName || 'this contact'}`}>
                Open
              </Link>
            </>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}

/** Per-contact results of a campaign: state, outcome, attempts, and the call of the last attempt. */
export function CampaignContacts({ campaignId }: { campaignId: string }) {
  const practiceOf = usePractices();
  const [status, setStatus] = React.useState<OutboundJobStatus | undefined>();
  const contacts = useCampaignContacts(campaignId, status);
  const items = contacts.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section aria-labelledby="contacts-heading" className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="contacts-heading" className="text-lg font-semibold">
          Contacts
        </h2>
        <FormField label="Show" className="w-full sm:max-w-[14rem]">
          <Select value={status ?? ''} onChange={(e) => setStatus((e.target.value || undefined) as OutboundJobStatus | undefined)}>
            <option value="">Every contact</option>
            {OutboundJobStatus.options.map((s) => (
              <option key={s} value={s}>
                {JOB_STATUS_LABELS[s]}
              </option>
            ))}
          </Select>
        </FormField>
      </div>
      {contacts.isError && !contacts.data ? (
        <Alert variant="destructive" title="The contacts could not be loaded">
          <p>{errorMessage(contacts.error)}</p>
        </Alert>
      ) : contacts.isPending ? (
        <div role="status" aria-label="Loading contacts" className="space-y-2 rounded-xl border border-border bg-card p-4">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-10 w-full" />
          ))}
        </div>
      ) : items.length === 0 ? (
        <div className="rounded-xl border border-border bg-card">
          <EmptyState icon={Users} title={status ? 'No contact in this state' : 'No contacts'} />
        </div>
      ) : (
        <ul className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-card" aria-label="Campaign contacts">
          {items.map((j) => (
            <li key={j.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3" data-testid="campaign-contact">
              <div className="min-w-0">
                <p className="font-medium">
                  {j.contactName} <span className="text-sm font-normal text-muted-foreground tabular-nums">{formatPhone(j.phone, practiceOf(j.organizationId)?.country)}</span>
                </p>
                <p className="text-sm text-muted-foreground">
                  {j.rowNumber ? `Row ${j.rowNumber} · ` : ''}
                  {j.attempts}/{j.maxAttempts} attempts
                  {j.nextAttemptAt && ['scheduled', 'queued'].includes(j.status) ? ` · next ${formatDateTime(j.nextAttemptAt, { practice: practiceOf(j.organizationId) })}` : ''}
                </p>
                <ContactResult job={j} />
              </div>
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <JobStatusBadge job={j} />
                {j.lastCallId ? (
                  <Link className="font-medium text-primary underline-offset-4 hover:underline" to={callPaths.call.href(j.lastCallId)} aria-label={`Open the call to ${j.contactName}`}>
                    Open the call
                  </Link>
                ) : null}
              </div>
              {j.attempts > 1 ? <ContactAttempts jobId={j.id} count={j.attempts} /> : null}
            </li>
          ))}
        </ul>
      )}
      {contacts.hasNextPage ? (
        <Button variant="outline" onClick={() => void contacts.fetchNextPage()} loading={contacts.isFetchingNextPage}>
          Show more
        </Button>
      ) : null}
    </section>
  );
}
