import * as React from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Download, ExternalLink } from 'lucide-react';
import { z } from 'zod';
import { ConfirmTwoFactorBody, PasswordBody, type TwoFactorSetup } from '@contracts/profile';
import { CopyButton } from '@web/components/copy-button';
import { FormErrorAlert } from '@web/components/form-error-alert';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, FormDialogFooter } from '@web/components/ui/dialog';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { useToast } from '@web/components/ui/toast';
import { isApiError } from '@web/lib/api';
import { applyServerFieldErrors } from '@web/lib/form-errors';
import { useReturnFocus } from '@web/lib/use-return-focus';
import { useConfirmTwoFactor } from '../api/confirm-two-factor';
import { useStartTwoFactor } from '../api/start-two-factor';

/** The endpoint's code rule; the form also takes the code as apps show it ("123 456"). */
const codeSchema = ConfirmTwoFactorBody.extend({
  code: z
    .string()
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(ConfirmTwoFactorBody.shape.code),
});

type Step = 'password' | 'app' | 'backup' | 'verify';
const STEPS: Step[] = ['password', 'app', 'backup', 'verify'];

/** The secret and account name from an `otpauth://totp/…` URI. */
export function parseOtpAuthUri(uri: string): { secret: string; account: string; issuer: string } {
  try {
    const url = new URL(uri);
    const label = decodeURIComponent(url.pathname.replace(/^\/+/, '').replace(/^totp\//, ''));
    return {
      secret: url.searchParams.get('secret') ?? '',
      issuer: url.searchParams.get('issuer') ?? label.split(':')[0] ?? '',
      account: label.includes(':') ? label.slice(label.indexOf(':') + 1) : label,
    };
  } catch {
    return { secret: '', account: '', issuer: '' };
  }
}

/** "JBSW Y3DP EHPK 3PXP" — the key in groups of four, as people type it. */
export function groupKey(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}

export function TwoFactorSetupDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl" onCloseAutoFocus={returnFocus} onInteractOutside={(event) => event.preventDefault()}>
        {open ? <TwoFactorSetup onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function TwoFactorSetup({ onDone }: { onDone: () => void }) {
  const [step, setStep] = React.useState<Step>('password');
  const [setup, setSetup] = React.useState<TwoFactorSetup | null>(null);
  const stepNumber = STEPS.indexOf(step) + 1;

  return (
    <>
      <DialogHeader>
        <p className="text-sm font-medium text-muted-foreground">
          Step {stepNumber} of {STEPS.length}
        </p>
        <DialogTitle>
          {step === 'password'
            ? 'Turn on two-factor authentication'
            : step === 'app'
              ? 'Add Switchboard to your authenticator app'
              : step === 'backup'
                ? 'Save your backup codes'
                : 'Enter a code from the app'}
        </DialogTitle>
        <DialogDescription>
          {step === 'password'
            ? 'After this, signing in asks for your password and a 6-digit code from an app on your phone (such as Google Authenticator, Microsoft Authenticator or 1Password).'
            : step === 'app'
              ? 'In the app, choose to add an account and enter the setup key below (or, on this phone, open the setup link).'
              : step === 'backup'
                ? 'Each code signs you in once if your phone is lost or not at hand. Keep them somewhere safe, away from your phone.'
                : 'To finish, type the 6-digit code the app shows for Switchboard now.'}
        </DialogDescription>
      </DialogHeader>
      {step === 'password' ? (
        <PasswordStep
          onCancel={onDone}
          onStarted={(result) => {
            setSetup(result);
            setStep('app');
          }}
        />
      ) : null}
      {step === 'app' && setup ? <AppStep setup={setup} onBack={() => setStep('password')} onNext={() => setStep('backup')} /> : null}
      {step === 'backup' && setup ? <BackupStep setup={setup} onBack={() => setStep('app')} onNext={() => setStep('verify')} /> : null}
      {step === 'verify' ? <VerifyStep onBack={() => setStep('backup')} onDone={onDone} /> : null}
    </>
  );
}

function PasswordStep({ onStarted, onCancel }: { onStarted: (setup: TwoFactorSetup) => void; onCancel: () => void }) {
  const start = useStartTwoFactor();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<PasswordBody>({ resolver: zodResolver(PasswordBody), defaultValues: { password: '' } });

  const onSubmit = handleSubmit((values) =>
    start.mutate(values, {
      onSuccess: onStarted,
      onError: (error) => applyServerFieldErrors(error, setError, { fields: ['password'] }),
    }),
  );
  const error = start.error;
  const fieldOnly = isApiError(error) && error.code === 'validation_failed' && error.hasFieldErrors;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {error && !fieldOnly ? <FormErrorAlert error={error} /> : null}
      <FormField label="Your password" description="To confirm it is you." error={errors.password?.message}>
        <Input type="password" autoComplete="current-password" {...register('password')} />
      </FormField>
      <FormDialogFooter submitLabel="Continue" pending={start.isPending} onCancel={onCancel} />
    </form>
  );
}

function AppStep({ setup, onBack, onNext }: { setup: TwoFactorSetup; onBack: () => void; onNext: () => void }) {
  const { secret, account, issuer } = parseOtpAuthUri(setup.totpURI);
  return (
    <div className="space-y-5">
      <dl className="space-y-4 rounded-lg border border-border bg-muted p-4 text-sm">
        <div>
          <dt className="text-muted-foreground">Account</dt>
          <dd className="font-medium [overflow-wrap:anywhere]">
            {issuer ? `${issuer}: ` : ''}
            {account}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Setup key (time-based)</dt>
          <dd className="mt-1 flex flex-wrap items-center justify-between gap-3">
            <code className="select-all break-all font-mono text-base font-semibold tracking-wider text-foreground">{groupKey(secret)}</code>
            <CopyButton value={secret} label="Copy key" aria-label="Copy the setup key" />
          </dd>
        </div>
      </dl>
      <p className="text-sm">
        <a href={setup.totpURI} className="inline-flex items-center gap-1.5 font-medium text-primary underline underline-offset-4">
          <ExternalLink aria-hidden="true" className="size-4" />
          Open the setup link in an authenticator app on this device
        </a>
      </p>
      <DialogFooter>
        <Button variant="outline" onClick={onBack}>
          Back
        </Button>
        <Button onClick={onNext}>I have added it</Button>
      </DialogFooter>
    </div>
  );
}

function BackupStep({ setup, onBack, onNext }: { setup: TwoFactorSetup; onBack: () => void; onNext: () => void }) {
  const text = setup.backupCodes.join('\n');
  const download = () => {
    const blob = new Blob([`Switchboard backup codes (each works once)\n\n${text}\n`], { type: 'text/plain' });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = 'switchboard-backup-codes.txt';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <div className="space-y-5">
      <ul aria-label="Backup codes" className="grid grid-cols-2 gap-2 rounded-lg border border-border bg-muted p-4 sm:grid-cols-3">
        {setup.backupCodes.map((code) => (
          <li key={code} className="font-mono text-sm font-semibold tracking-wide">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <CopyButton value={text} label="Copy all codes" />
        <Button variant="outline" size="sm" onClick={download}>
          <Download aria-hidden="true" />
          Download as a text file
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">These codes are shown only now.</p>
      <DialogFooter>
        <Button variant="outline" onClick={onBack}>
          Back
        </Button>
        <Button onClick={onNext}>I have saved them</Button>
      </DialogFooter>
    </div>
  );
}

function VerifyStep({ onBack, onDone }: { onBack: () => void; onDone: () => void }) {
  const { toast } = useToast();
  const confirm = useConfirmTwoFactor();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<z.input<typeof codeSchema>, unknown, z.output<typeof codeSchema>>({
    resolver: zodResolver(codeSchema),
    defaultValues: { code: '' },
  });

  const onSubmit = handleSubmit((values) =>
    confirm.mutate(values, {
      onSuccess: () => {
        toast({ title: 'Two-factor is on', description: 'From now on, signing in asks for a code from your app.' });
        onDone();
      },
      onError: (error) => applyServerFieldErrors(error, setError, { fields: ['code'] }),
    }),
  );
  const error = confirm.error;
  const fieldOnly = isApiError(error) && error.code === 'validation_failed' && error.hasFieldErrors;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {error && !fieldOnly ? <FormErrorAlert error={error} /> : null}
      <FormField label="6-digit code" error={errors.code?.message}>
        <Input
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={9}
          className="max-w-48 font-mono text-lg tracking-[0.3em]"
          {...register('code')}
        />
      </FormField>
      <FormDialogFooter submitLabel="Turn on two-factor" pending={confirm.isPending} onCancel={onBack} cancelLabel="Back" />
    </form>
  );
}
