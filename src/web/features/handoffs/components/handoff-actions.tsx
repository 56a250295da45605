import * as React from 'react';
import { CheckCircle2, Hand, RotateCcw, UserPlus, XCircle } from 'lucide-react';
import { handoffActionAllowed } from '@domain/handoffs/state';
import { Button } from '@web/components/ui/button';
import { useToast } from '@web/components/ui/toast';
import { useCancelHandoff } from '../api/cancel-handoff';
import { useReopenHandoff } from '../api/reopen-handoff';
import { CancelBody, ReopenBody, type HandoffSummary } from '@contracts/handoffs';
import { useClaimWithFeedback } from '../use-claim';
import { AssignDialog } from './assign-dialog';
import { ResolveDialog } from './resolve-dialog';
import { TextDialog } from './text-dialog';

type Open = 'assign' | 'resolve' | 'cancel' | 'reopen' | null;

/** Claim, assign, resolve, cancel and reopen — only those the handoff's status allows. */
export function HandoffActions({ handoff, currentUserId }: { handoff: HandoffSummary; currentUserId: string }) {
  const [open, setOpen] = React.useState<Open>(null);
  const claim = useClaimWithFeedback();
  const cancel = useCancelHandoff();
  const reopen = useReopenHandoff();
  const { toast } = useToast();
  const can = (action: Parameters<typeof handoffActionAllowed>[0]) => handoffActionAllowed(action, handoff.status);
  const close = (o: boolean) => {
    if (!o) {
      setOpen(null);
      cancel.reset();
      reopen.reset();
    }
  };
  const mine = handoff.assignee?.id === currentUserId;

  return (
    <div className="flex flex-wrap gap-2">
      {can('claim') ? (
        <Button loading={claim.claimingId === handoff.id} onClick={() => claim.claim(handoff.id, handoff.contactName || 'The handoff')}>
          <Hand aria-hidden="true" />
          Claim
        </Button>
      ) : null}
      {can('assign') ? (
        <Button variant="outline" onClick={() => setOpen('assign')}>
          <UserPlus aria-hidden="true" />
          {handoff.assignee ? 'Reassign' : 'Assign'}
        </Button>
      ) : null}
      {can('resolve') ? (
        <Button variant={mine ? 'default' : 'outline'} onClick={() => setOpen('resolve')}>
          <CheckCircle2 aria-hidden="true" />
          Resolve
        </Button>
      ) : null}
      {can('cancel') ? (
        <Button variant="ghost" onClick={() => setOpen('cancel')}>
          <XCircle aria-hidden="true" />
          Cancel handoff
        </Button>
      ) : null}
      {can('reopen') ? (
        <Button variant="outline" onClick={() => setOpen('reopen')}>
          <RotateCcw aria-hidden="true" />
          Reopen
        </Button>
      ) : null}

      <AssignDialog handoff={handoff} open={open === 'assign'} onOpenChange={close} />
      <ResolveDialog handoff={handoff} open={open === 'resolve'} onOpenChange={close} />
      <TextDialog
        open={open === 'cancel'}
        onOpenChange={close}
        title="Cancel this handoff?"
        description="It leaves the queue without an outcome. Say why, for whoever looks at it later."
        label="Reason"
        field="reason"
        schema={CancelBody.shape.reason}
        required
        maxLength={1000}
        submitLabel="Cancel handoff"
        destructive
        pending={cancel.isPending}
        error={cancel.error}
        onSubmit={(reason) =>
          cancel.mutate({ id: handoff.id, reason }, {
            onSuccess: () => {
              toast({ title: 'Handoff canceled' });
              close(false);
            },
          })
        }
      />
      <TextDialog
        open={open === 'reopen'}
        onOpenChange={close}
        title="Reopen this handoff?"
        description="It goes back to the Open queue, unassigned, with a new deadline counted from now."
        label="Note"
        field="note"
        schema={ReopenBody.unwrap().shape.note}
        maxLength={5000}
        submitLabel="Reopen"
        pending={reopen.isPending}
        error={reopen.error}
        onSubmit={(note) =>
          reopen.mutate({ id: handoff.id, note: note || undefined }, {
            onSuccess: () => {
              toast({ title: 'Reopened', description: 'It is back in the Open queue.' });
              close(false);
            },
          })
        }
      />
    </div>
  );
}
