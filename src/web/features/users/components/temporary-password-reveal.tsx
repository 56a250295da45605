import { CopyButton } from '@web/components/copy-button';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';

export interface TemporaryPasswordRevealProps {
  title: string;
  description: string;
  password: string;
  email: string;
  onDone: () => void;
}

/**
 * The last step of a dialog that set a temporary password: the password, shown once, with a
 * copy button and what the person must do next.
 */
export function TemporaryPasswordReveal({ title, description, password, email, onDone }: TemporaryPasswordRevealProps) {
  return (
    <>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      <TemporaryPassword password={password} email={email} />
      <DialogFooter>
        <Button onClick={onDone}>Done</Button>
      </DialogFooter>
    </>
  );
}

function TemporaryPassword({ password, email }: { password: string; email: string }) {
  return (
    <div className="space-y-4">
      <Alert variant="warning" title="Shown only this once">
        Copy this password now and give it to the person in a safe way (in person or by phone — not by the same email
        account). Switchboard does not keep it and cannot show it again.
      </Alert>
      <div className="rounded-lg border border-border bg-muted p-4">
        <p className="text-sm text-muted-foreground">
          Temporary password for <span className="font-medium text-foreground [overflow-wrap:anywhere]">{email}</span>
        </p>
        <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
          <code
            className="select-all break-all font-mono text-lg font-semibold tracking-wide text-foreground"
          >
            {password}
          </code>
          <CopyButton value={password} aria-label="Copy the temporary password" />
        </div>
      </div>
      <p className="text-sm text-muted-foreground">
        They sign in with it at the sign-in page and are asked to choose their own password straight away.
      </p>
    </div>
  );
}
