import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { PasswordBody } from '@contracts/profile';
import { FormErrorAlert } from '@web/components/form-error-alert';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, FormDialogFooter } from '@web/components/ui/dialog';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { useToast } from '@web/components/ui/toast';
import { isApiError } from '@web/lib/api';
import { applyServerFieldErrors } from '@web/lib/form-errors';
import { useReturnFocus } from '@web/lib/use-return-focus';
import { useDisableTwoFactor } from '../api/disable-two-factor';

export function DisableTwoFactorDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={returnFocus}>{open ? <DisableTwoFactorForm onDone={() => onOpenChange(false)} /> : null}</DialogContent>
    </Dialog>
  );
}

function DisableTwoFactorForm({ onDone }: { onDone: () => void }) {
  const { toast } = useToast();
  const disable = useDisableTwoFactor();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<PasswordBody>({ resolver: zodResolver(PasswordBody), defaultValues: { password: '' } });

  const onSubmit = handleSubmit((values) =>
    disable.mutate(values, {
      onSuccess: () => {
        toast({ title: 'Two-factor is off', description: 'Signing in now asks only for your password.' });
        onDone();
      },
      onError: (error) => applyServerFieldErrors(error, setError, { fields: ['password'] }),
    }),
  );
  const error = disable.error;
  const fieldOnly = isApiError(error) && error.code === 'validation_failed' && error.hasFieldErrors;

  return (
    <>
      <DialogHeader>
        <DialogTitle>Turn off two-factor authentication?</DialogTitle>
        <DialogDescription>
          Anyone who learns your password could then sign in as you. Your authenticator app entry and backup codes stop working.
        </DialogDescription>
      </DialogHeader>
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        {error && !fieldOnly ? (
          <FormErrorAlert error={error} title={isApiError(error) && error.code === 'two_factor_required' ? 'Required for your role' : undefined} />
        ) : null}
        <FormField label="Your password" description="To confirm it is you." error={errors.password?.message}>
          <Input type="password" autoComplete="current-password" {...register('password')} />
        </FormField>
        <FormDialogFooter submitLabel="Turn off two-factor" pending={disable.isPending} onCancel={onDone} destructive />
      </form>
    </>
  );
}
