import type { FailingRequiredSuite } from '@contracts/organizations';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@web/components/ui/alert-dialog';
import { Button } from '@web/components/ui/button';
import { useReturnFocus } from '@web/lib/use-return-focus';

export interface RequiredSuitesDialogProps {
  /** The required suites that failed on the settings being saved; null when closed. */
  suites: FailingRequiredSuite[] | null;
  /** The confirmed save is on its way. */
  saving: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The second confirmation of a save of agent settings on which a required agent-test suite failed
 * (409 `required_suite_failing`, decision 056 addendum). Focus starts on "Go back"; Escape goes
 * back too; "Save anyway" sends the same save again, confirmed, and the server audits it.
 */
export function RequiredSuitesDialog({ suites, saving, onConfirm, onCancel }: RequiredSuitesDialogProps) {
  const open = suites !== null;
  const returnFocus = useReturnFocus(open);
  const one = suites?.length === 1;
  return (
    <AlertDialog open={open} onOpenChange={(next) => (next ? undefined : onCancel())}>
      <AlertDialogContent onCloseAutoFocus={returnFocus}>
        {suites ? (
          <>
            <AlertDialogHeader>
              <AlertDialogTitle>{one ? 'A required suite fails on these settings' : 'Required suites fail on these settings'}</AlertDialogTitle>
              <AlertDialogDescription asChild>
                <div className="space-y-2">
                  <p>
                    {one ? 'This suite is' : 'These suites are'} marked required, and {one ? 'its' : 'their'} last run on exactly the agent settings you are
                    saving failed. Nothing has been saved yet.
                  </p>
                  <ul className="list-disc space-y-1 pl-5 text-foreground">
                    {suites.map((s) => (
                      <li key={s.id}>
                        <span className="font-medium">{s.name}</span> — {s.passed} of {s.total} scenarios passed
                      </li>
                    ))}
                  </ul>
                  <p>Saving anyway puts these settings on real calls now, and is recorded in the audit log under your name.</p>
                </div>
              </AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel>Go back</AlertDialogCancel>
              <Button variant="destructive" loading={saving} onClick={onConfirm}>
                Save anyway
              </Button>
            </AlertDialogFooter>
          </>
        ) : null}
      </AlertDialogContent>
    </AlertDialog>
  );
}
