import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { BackupCodeBody, type BackupCodeResponse } from '@contracts/session';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { FormErrorAlert } from '@web/components/form-error-alert';
import { Alert } from '@web/components/ui/alert';
import { isApiError } from '@web/lib/api';
import { applyServerFieldErrors } from '@web/lib/form-errors';
import { useLoginBackupCode } from '../api/login-backup-code';
import { loginErrorMessage } from './login-form';

/** The second step with one of the backup codes saved at two-factor setup, for someone without their phone. */
export function BackupCodeForm({ onSuccess, onUseApp }: { onSuccess: (result: BackupCodeResponse) => void; onUseApp: () => void }) {
  const verify = useLoginBackupCode();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<z.input<typeof BackupCodeBody>, unknown, z.output<typeof BackupCodeBody>>({
    resolver: zodResolver(BackupCodeBody),
    defaultValues: { code: '' },
  });

  const onSubmit = handleSubmit((values) =>
    verify.mutate(values, {
      onSuccess,
      onError: (error) => {
        applyServerFieldErrors(error, setError, { fields: ['code'] });
      },
    }),
  );

  const error = verify.error;
  const fieldError = isApiError(error) && Boolean(error.fields.code);
  const known = isApiError(error) && ['account_locked', 'account_disabled', 'rate_limited'].includes(error.code);

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {error && !fieldError ? (
        known && isApiError(error) ? (
          <Alert variant="destructive" assertive title={loginErrorMessage(error).title}>
            {loginErrorMessage(error).body}
          </Alert>
        ) : (
          <FormErrorAlert error={error} />
        )
      ) : null}
      <FormField
        label="Backup code"
        description={
          <>
            Enter one of the backup codes you saved when you turned on two-factor, like <span className="whitespace-nowrap">abcde-12345</span>. Each code
            works once.
          </>
        }
        error={errors.code?.message}
      >
        <Input autoComplete="off" autoCapitalize="none" spellCheck={false} autoFocus maxLength={24} className="font-mono tracking-wider" {...register('code')} />
      </FormField>
      <Button type="submit" className="w-full" size="lg" loading={verify.isPending}>
        {verify.isPending ? 'Verifying…' : 'Use backup code and sign in'}
      </Button>
      <Button type="button" variant="link" className="w-full" onClick={onUseApp}>
        Use your authenticator app instead
      </Button>
    </form>
  );
}
