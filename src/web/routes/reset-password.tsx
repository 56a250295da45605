import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useSearchParams } from 'react-router';
import { DocumentTitle } from '@web/components/document-title';
import { FormErrorAlert } from '@web/components/form-error-alert';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { useResetPassword } from '@web/features/session/api/reset-password';
import { useLinkCheck } from '@web/features/session/api/check-link';
import { LoadingBlock } from '@web/components/ui/spinner';
import { AuthCard } from '@web/features/session/components/auth-card';
import { tokenErrorCode } from '@web/features/session/components/auth-error-content';
import { AuthErrorPanel } from '@web/features/session/components/auth-error-panel';
import { PasswordRulesList } from '@web/features/session/components/password-rules-list';
import { resetPasswordFormSchema, type ResetPasswordForm } from '@web/features/session/password-forms';
import { isApiError } from '@web/lib/api';
import { applyServerFieldErrors } from '@web/lib/form-errors';
import { paths } from '@web/lib/paths';

/** /reset-password?token=… — choose a new password from an emailed link. */
export function ResetPasswordRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const navigate = useNavigate();
  const reset = useResetPassword();
  const check = useLinkCheck(token, 'reset');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ResetPasswordForm>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });

  if (!token) {
    return (
      <>
        <DocumentTitle title="Link not valid" />
        <AuthErrorPanel code="link_expired" context="reset" />
      </>
    );
  }

  const tokenProblem = tokenErrorCode(reset.error) ?? (reset.isSuccess ? null : tokenErrorCode(check.error));
  if (tokenProblem) {
    return (
      <>
        <DocumentTitle title="Link not valid" />
        <AuthErrorPanel code={tokenProblem} context="reset" />
      </>
    );
  }

  if (check.isPending) {
    return (
      <AuthCard title="Choose a new password">
        <DocumentTitle title="Choose a new password" />
        <LoadingBlock label="Checking your link…" className="py-6" />
      </AuthCard>
    );
  }

  const onSubmit = handleSubmit((values) =>
    reset.mutate(
      { token, newPassword: values.newPassword },
      {
        onSuccess: () => void navigate(paths.login.href({ reason: 'password_reset' }), { replace: true }),
        onError: (error) =>
          applyServerFieldErrors(error, setError, { fields: ['newPassword', 'confirmPassword'], rename: { password: 'newPassword' } }),
      },
    ),
  );

  const error = reset.error;
  const fieldOnly = isApiError(error) && error.code === 'validation_failed' && error.hasFieldErrors;

  return (
    <AuthCard title="Choose a new password" description="Pick a password you do not use anywhere else.">
      <DocumentTitle title="Choose a new password" />
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        {error && !fieldOnly ? <FormErrorAlert error={error} /> : null}
        <PasswordRulesList id="password-rules" includeDifferent={false} />
        <FormField label="New password" error={errors.newPassword?.message}>
          <Input type="password" autoComplete="new-password" autoFocus aria-describedby="password-rules" {...register('newPassword')} />
        </FormField>
        <FormField label="Confirm new password" error={errors.confirmPassword?.message}>
          <Input type="password" autoComplete="new-password" {...register('confirmPassword')} />
        </FormField>
        <Button type="submit" size="lg" className="w-full" loading={reset.isPending}>
          Save new password
        </Button>
      </form>
    </AuthCard>
  );
}

export { ResetPasswordRoute as Component };
