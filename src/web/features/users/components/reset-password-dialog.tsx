import * as React from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { User } from '@contracts/users';
import { FormErrorAlert } from '@web/components/form-error-alert';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, FormDialogFooter } from '@web/components/ui/dialog';
import { useToast } from '@web/components/ui/toast';
import { isApiError } from '@web/lib/api';
import { applyServerFieldErrors } from '@web/lib/form-errors';
import { useReturnFocus } from '@web/lib/use-return-focus';
import { useResetUserPassword } from '../api/reset-user-password';
import { resetPasswordSchema, type ResetPasswordForm } from '../user-form-schemas';
import { PasswordDeliveryChoice } from './password-delivery-choice';
import { TemporaryPasswordField } from './temporary-password-field';
import { TemporaryPasswordReveal } from './temporary-password-reveal';

export function ResetPasswordDialog({ user, onOpenChange }: { user: User | null; onOpenChange: (open: boolean) => void }) {
  const returnFocus = useReturnFocus(user !== null);
  return (
    <Dialog open={user !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl" onCloseAutoFocus={returnFocus}>
        {user ? <ResetPasswordForm key={user.id} user={user} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ResetPasswordForm({ user, onDone }: { user: User; onDone: () => void }) {
  const { toast } = useToast();
  const reset = useResetUserPassword();
  const [temporaryPassword, setTemporaryPassword] = React.useState<string | null>(null);
  const invited = user.status === 'invited';
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<ResetPasswordForm>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { mode: 'email', temporaryPassword: '' },
  });
  const mode = watch('mode');

  const options = [
    {
      value: 'email',
      label: invited ? 'Email a new invitation link' : 'Email a reset link',
      description: invited
        ? 'A fresh link to set a password; earlier links stop working.'
        : 'They choose a new password from a single-use link, valid 30 minutes.',
    },
    {
      value: 'temporary_password',
      label: 'Set a temporary password',
      description: 'You give it to them; they must change it when they sign in.',
    },
  ] as const;

  const onSubmit = handleSubmit((values) =>
    reset.mutate(
      {
        id: user.id,
        mode: values.mode,
        temporaryPassword: values.mode === 'temporary_password' && values.temporaryPassword ? values.temporaryPassword : undefined,
      },
      {
        onSuccess: (result) => {
          if (result.temporaryPassword) {
            setTemporaryPassword(result.temporaryPassword);
          } else {
            toast({ title: invited ? 'Invitation sent again' : 'Reset link sent', description: `An email is on its way to ${user.email}.` });
            onDone();
          }
        },
        onError: (error) => applyServerFieldErrors(error, setError, { fields: ['mode', 'temporaryPassword'] }),
      },
    ),
  );

  if (temporaryPassword) {
    return (
      <TemporaryPasswordReveal
        title={`New temporary password for ${user.name}`}
        description="They were signed out everywhere and must choose a new password at their next sign-in."
        password={temporaryPassword}
        email={user.email}
        onDone={onDone}
      />
    );
  }

  const error = reset.error;
  const fieldOnly = isApiError(error) && error.code === 'validation_failed' && error.hasFieldErrors;

  return (
    <>
      <DialogHeader>
        <DialogTitle>Reset password for {user.name}</DialogTitle>
        <DialogDescription>
          Either way they are signed out of every device at once. A temporary password replaces their current one now; with a
          link, the current one works until they choose a new one.
        </DialogDescription>
      </DialogHeader>
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        {error && !fieldOnly ? <FormErrorAlert error={error} /> : null}
        <PasswordDeliveryChoice legend="How do they get a new password?" options={options} current={mode} {...register('mode')} />
        {mode === 'temporary_password' ? (
          <TemporaryPasswordField error={errors.temporaryPassword?.message} {...register('temporaryPassword')} />
        ) : null}
        <FormDialogFooter submitLabel={mode === 'email' ? 'Send email' : 'Set temporary password'} pending={reset.isPending} onCancel={onDone} />
      </form>
    </>
  );
}
