import * as React from 'react';
import { RefreshCw } from 'lucide-react';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { LoadingBlock } from '@web/components/ui/spinner';
import { useToast } from '@web/components/ui/toast';
import { FormErrorAlert } from '@web/components/form-error-alert';
import { errorMessage, isApiError } from '@web/lib/api';
import { useOrganization } from '../api/get-organization';
import { useCreateOrganization, useUpdateOrganization } from '../api/save-organization';
import { FailingRequiredSuite, type Organization, type UpdateOrganizationBody } from '@contracts/organizations';
import { OrganizationForm, inputFrom, type OrganizationFormHandle, type OrganizationFormValues } from './organization-form';
import { RequiredSuitesDialog } from './required-suites-dialog';

export type OrganizationDialogTarget = { mode: 'create' } | { mode: 'edit' | 'view'; id: string; name: string };

/**
 * Something shown above the buttons while an organization is edited, given the agent settings as
 * typed (not saved): the route puts the agent tests' "test before you publish" there.
 */
export type DraftCheck = React.ComponentType<{ organizationId: string; draftAgentSettings: () => Record<string, unknown> }>;

/** Create, edit or (for roles that only read) view an organization, in a dialog. */
export function OrganizationDialog({ target, onClose, draftCheck }: { target: OrganizationDialogTarget | null; onClose: () => void; draftCheck?: DraftCheck }) {
  const open = target !== null;
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent className="max-w-2xl">
        {target ? <DialogBody key={target.mode === 'create' ? 'create' : target.id} target={target} onClose={onClose} draftCheck={draftCheck} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function DialogBody({ target, onClose, draftCheck }: { target: OrganizationDialogTarget; onClose: () => void; draftCheck?: DraftCheck }) {
  const id = target.mode === 'create' ? null : target.id;
  const query = useOrganization(id);
  const title = target.mode === 'create' ? 'New organization' : target.mode === 'edit' ? `Edit ${target.name}` : target.name;

  return (
    <>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>
          {target.mode === 'create'
            ? 'Name, time zone and numbers are enough to start; hours and schedules come next.'
            : target.mode === 'edit'
              ? 'Changes apply to calls as soon as you save.'
              : 'Your role can read these settings; a supervisor or administrator can change them.'}
        </DialogDescription>
      </DialogHeader>
      {target.mode === 'create' ? (
        <Editor organization={null} readOnly={false} onClose={onClose} />
      ) : query.isPending ? (
        <LoadingBlock label="Loading the organization…" className="py-10" />
      ) : query.isError ? (
        <Alert variant="destructive" assertive title="The organization could not be loaded.">
          <p>{errorMessage(query.error)}</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <Editor key={query.data.version} organization={query.data} readOnly={target.mode === 'view'} onClose={onClose} onReload={() => void query.refetch()} draftCheck={draftCheck} />
      )}
    </>
  );
}

function Editor({
  organization,
  readOnly,
  onClose,
  onReload,
  draftCheck,
}: {
  organization: Organization | null;
  readOnly: boolean;
  onClose: () => void;
  onReload?: () => void;
  draftCheck?: DraftCheck;
}) {
  const formId = React.useId();
  const formRef = React.useRef<OrganizationFormHandle>(null);
  const readDraft = React.useCallback(() => formRef.current?.draftAgentSettings() ?? {}, []);
  const DraftCheckPart = draftCheck;
  const create = useCreateOrganization();
  const update = useUpdateOrganization();
  const mutation = organization ? update : create;
  const { toast } = useToast();
  const [unmatched, setUnmatched] = React.useState<Record<string, string>>({});
  // A save refused because a required agent-test suite failed on its agent settings: the save as
  // sent, to send again confirmed, and whether the second confirmation is showing.
  const [held, setHeld] = React.useState<{ body: UpdateOrganizationBody & { id: string }; suites: FailingRequiredSuite[]; asking: boolean } | null>(null);

  const onSaved = (saved: Organization) => {
    toast({ title: organization ? `Saved ${saved.name}` : `Created ${saved.name}`, description: organization ? undefined : 'Set its hours next.' });
    onClose();
  };
  const onFailed = (error: unknown) => setUnmatched(formRef.current?.showServerErrors(error) ?? {});

  const onSubmit = (values: OrganizationFormValues) => {
    setUnmatched({});
    setHeld(null);
    const input = inputFrom(values);
    if (!organization) {
      create.mutate(input, { onSuccess: onSaved, onError: onFailed });
      return;
    }
    const body = { id: organization.id, version: organization.version, ...input };
    update.mutate(body, {
      onSuccess: onSaved,
      onError: (error) => {
        const suites = requiredSuitesFailing(error);
        if (suites) setHeld({ body, suites, asking: true });
        else onFailed(error);
      },
    });
  };

  const saveAnyway = () => {
    if (!held) return;
    update.mutate(
      { ...held.body, confirmRequiredSuiteFailure: true },
      {
        onSuccess: onSaved,
        onError: (error) => {
          setHeld(null);
          onFailed(error);
        },
      },
    );
  };

  const stale = isApiError(mutation.error) && mutation.error.code === 'stale_version';
  return (
    <>
      <RequiredSuitesDialog suites={held?.asking ? held.suites : null} saving={update.isPending} onConfirm={saveAnyway} onCancel={() => setHeld((h) => (h ? { ...h, asking: false } : h))} />
      {held && !held.asking ? (
        <Alert variant="warning" title="Not saved">
          <p>
            {held.suites.length === 1 ? 'The required suite' : 'The required suites'} {held.suites.map((s) => `“${s.name}”`).join(', ')} failed on these agent
            settings. Change them and test again, or save again to confirm.
          </p>
        </Alert>
      ) : held ? null : stale ? (
        <Alert variant="warning" assertive title="Changed elsewhere">
          <p>Someone saved this organization after you opened it. Reload to see their changes, then make yours again.</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={onReload}>
            <RefreshCw aria-hidden="true" />
            Reload
          </Button>
        </Alert>
      ) : (
        <FormErrorAlert error={mutation.error} />
      )}
      {Object.keys(unmatched).length ? (
        <ul className="list-disc space-y-1 pl-5 text-sm text-destructive">
          {Object.entries(unmatched).map(([k, m]) => (
            <li key={k}>{m}</li>
          ))}
        </ul>
      ) : null}
      <OrganizationForm ref={formRef} id={formId} organization={organization} readOnly={readOnly} onSubmit={onSubmit} />
      {organization && !readOnly && DraftCheckPart ? <DraftCheckPart organizationId={organization.id} draftAgentSettings={readDraft} /> : null}
      <DialogFooter>
        <Button variant="outline" onClick={onClose}>
          {readOnly ? 'Close' : 'Cancel'}
        </Button>
        {readOnly ? null : (
          <Button type="submit" form={formId} loading={mutation.isPending}>
            {organization ? 'Save changes' : 'Create organization'}
          </Button>
        )}
      </DialogFooter>
    </>
  );
}

/** The suites of a 409 `required_suite_failing` (decision 056 addendum); null for any other error. */
function requiredSuitesFailing(error: unknown): FailingRequiredSuite[] | null {
  if (!isApiError(error) || error.code !== 'required_suite_failing') return null;
  const suites = FailingRequiredSuite.array().safeParse(error.details.suites);
  return suites.success ? suites.data : [];
}
