import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useSearchParams } from 'react-router';
import { DocumentTitle } from '@web/components/document-title';
import { FormErrorAlert } from '@web/components/form-error-alert';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { PageHeader } from '@web/components/ui/page-header';
import { useToast } from '@web/components/ui/toast';
import { useChangePassword } from '@web/features/session/api/change-password';
import { PasswordRulesList } from '@web/features/session/components/password-rules-list';
import { changePasswordFormSchema, type ChangePasswordForm } from '@web/features/session/password-forms';
import { useSignedInSession } from '@web/lib/use-signed-in-session';
import { isApiError } from '@web/lib/api';
import { applyServerFieldErrors } from '@web/lib/form-errors';
import { safeNext } from '@web/lib/paths';

/** /change-password — also the forced step after signing in with a temporary password. */
export function ChangePasswordRoute() {
  const { user } = useSignedInSession();
  const forced = user.mustChangePassword;
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const { toast } = useToast();
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit((values) =>
    change.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: () => {
          toast({ title: 'Password changed', description: 'Use your new password the next time you sign in.' });
          reset();
          if (forced) void navigate(safeNext(searchParams.get('next')), { replace: true });
        },
        onError: (error) =>
          applyServerFieldErrors(error, setError, {
            fields: ['currentPassword', 'newPassword', 'confirmPassword'],
            rename: { password: 'newPassword' },
          }),
      },
    ),
  );

  const error = change.error;
  const fieldOnly = isApiError(error) && error.code === 'validation_failed' && error.hasFieldErrors;

  return (
    <>
      <DocumentTitle title="Change password" />
      <PageHeader
        title="Change password"
        description={forced ? undefined : 'Choose a new password for signing in to Switchboard.'}
      />
      <div className="max-w-xl space-y-5">
        {forced ? (
          <Alert variant="warning" title="Choose your own password to continue">
            You signed in with a temporary password. Before you can use Switchboard, replace it with a password only you know.
          </Alert>
        ) : null}
        <Card>
          <CardContent className="pt-5 sm:pt-6">
            <form onSubmit={onSubmit} noValidate className="space-y-5">
              {error && !fieldOnly ? <FormErrorAlert error={error} /> : null}
              <FormField label={forced ? 'Temporary password' : 'Current password'} error={errors.currentPassword?.message}>
                <Input type="password" autoComplete="current-password" {...register('currentPassword')} />
              </FormField>
              <PasswordRulesList id="change-password-rules" />
              <FormField label="New password" error={errors.newPassword?.message}>
                <Input
                  type="password"
                  autoComplete="new-password"
                  aria-describedby="change-password-rules"
                  {...register('newPassword')}
                />
              </FormField>
              <FormField label="Confirm new password" error={errors.confirmPassword?.message}>
                <Input type="password" autoComplete="new-password" {...register('confirmPassword')} />
              </FormField>
              <Button type="submit" loading={change.isPending}>
                {forced ? 'Save and continue' : 'Change password'}
              </Button>
            </form>
          </CardContent>
        </Card>
      </div>
    </>
  );
}

export { ChangePasswordRoute as Component };
