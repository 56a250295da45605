import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { TwoFactorBody } from '@contracts/session';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { FormErrorAlert } from '@web/components/form-error-alert';
import { Alert } from '@web/components/ui/alert';
import { isApiError } from '@web/lib/api';
import { applyServerFieldErrors } from '@web/lib/form-errors';
import { useLoginTwoFactor } from '../api/login-two-factor';
import { loginErrorMessage } from './login-form';

/** The endpoint's code rule; the form also takes the code as apps show it ("123 456"). */
const twoFactorFormSchema = TwoFactorBody.extend({
  code: z
    .string()
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(TwoFactorBody.shape.code),
});

function isBadCode(error: unknown): boolean {
  return isApiError(error) && ['invalid_credentials', 'invalid_code', 'validation_failed'].includes(error.code);
}

export function TwoFactorForm({ onSuccess, onCancel, onUseBackupCode }: { onSuccess: () => void; onCancel: () => void; onUseBackupCode: () => void }) {
  const verify = useLoginTwoFactor();
  const {
    register,
    handleSubmit,
    setError,
    resetField,
    formState: { errors },
  } = useForm<z.input<typeof twoFactorFormSchema>, unknown, z.output<typeof twoFactorFormSchema>>({
    resolver: zodResolver(twoFactorFormSchema),
    defaultValues: { code: '' },
  });

  const onSubmit = handleSubmit((values) =>
    verify.mutate(values, {
      onSuccess: () => onSuccess(),
      onError: (error) => {
        const { applied } = applyServerFieldErrors(error, setError, { fields: ['code'] });
        if (applied.length === 0 && isBadCode(error)) {
          resetField('code');
          setError('code', { type: 'server', message: 'That code is not correct or has expired. Enter the current code.' }, { shouldFocus: true });
        }
      },
    }),
  );

  const error = verify.error;
  const showAlert = error && !isBadCode(error);
  const known = isApiError(error) && ['account_locked', 'account_disabled', 'rate_limited'].includes(error.code);

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {showAlert ? (
        known && isApiError(error) ? (
          <Alert variant="destructive" assertive title={loginErrorMessage(error).title}>
            {loginErrorMessage(error).body}
          </Alert>
        ) : (
          <FormErrorAlert error={error} />
        )
      ) : null}
      <FormField
        label="Verification code"
        description="Open your authenticator app and enter the 6-digit code for Switchboard."
        error={errors.code?.message}
      >
        <Input
          autoComplete="one-time-code"
          inputMode="numeric"
          autoFocus
          maxLength={14}
          className="font-mono tracking-widest"
          {...register('code')}
        />
      </FormField>
      <Button type="submit" className="w-full" size="lg" loading={verify.isPending}>
        {verify.isPending ? 'Verifying…' : 'Verify and sign in'}
      </Button>
      <div className="flex flex-col items-center gap-1">
        <Button type="button" variant="link" onClick={onUseBackupCode}>
          No phone? Use a backup code
        </Button>
        <Button type="button" variant="link" onClick={onCancel}>
          Use a different account
        </Button>
      </div>
    </form>
  );
}
