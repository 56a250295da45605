import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useSearchParams } from 'react-router';
import { DocumentTitle } from '@web/components/document-title';
import { FormErrorAlert } from '@web/components/form-error-alert';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { useAcceptInvitation } from '@web/features/session/api/accept-invitation';
import { useLinkCheck } from '@web/features/session/api/check-link';
import { LoadingBlock } from '@web/components/ui/spinner';
import { getSession } from '@web/lib/queries/get-session';
import { AuthCard } from '@web/features/session/components/auth-card';
import { tokenErrorCode } from '@web/features/session/components/auth-error-content';
import { AuthErrorPanel } from '@web/features/session/components/auth-error-panel';
import { PasswordRulesList } from '@web/features/session/components/password-rules-list';
import { acceptInvitationFormSchema, type AcceptInvitationForm } from '@web/features/session/password-forms';
import { isApiError } from '@web/lib/api';
import { applyServerFieldErrors } from '@web/lib/form-errors';
import { paths } from '@web/lib/paths';

/** /accept-invite?token=… — a new staff member sets their name and password. */
export function AcceptInviteRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const check = useLinkCheck(token, 'invite');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<AcceptInvitationForm>({
    resolver: zodResolver(acceptInvitationFormSchema),
    defaultValues: { name: '', password: '', confirmPassword: '' },
  });

  const tokenProblem = token ? (tokenErrorCode(accept.error) ?? (accept.isSuccess ? null : tokenErrorCode(check.error))) : 'link_expired';
  if (tokenProblem) {
    return (
      <>
        <DocumentTitle title="Invitation not valid" />
        <AuthErrorPanel code={tokenProblem} context="invite" />
      </>
    );
  }

  if (check.isPending) {
    return (
      <AuthCard title="Set up your account">
        <DocumentTitle title="Set up your account" />
        <LoadingBlock label="Checking your invitation…" className="py-6" />
      </AuthCard>
    );
  }

  const onSubmit = handleSubmit((values) =>
    accept.mutate(
      { token, name: values.name, password: values.password },
      {
        onSuccess: async () => {
          // Signed in by the invitation? Go to work; otherwise sign in with the new password.
          const session = await getSession().catch(() => null);
          void navigate(session ? paths.overview.path : paths.login.href({ reason: 'invite_accepted' }), { replace: true });
        },
        onError: (error) =>
          applyServerFieldErrors(error, setError, { fields: ['name', 'password', 'confirmPassword'] }),
      },
    ),
  );

  const error = accept.error;
  const fieldOnly = isApiError(error) && error.code === 'validation_failed' && error.hasFieldErrors;

  return (
    <AuthCard title="Set up your account" description="You have been invited to Switchboard. Tell us your name and choose a password.">
      <DocumentTitle title="Set up your account" />
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        {error && !fieldOnly ? <FormErrorAlert error={error} /> : null}
        <FormField label="Your name" error={errors.name?.message}>
          <Input autoComplete="name" autoFocus {...register('name')} />
        </FormField>
        <PasswordRulesList id="invite-password-rules" includeDifferent={false} />
        <FormField label="Password" error={errors.password?.message}>
          <Input type="password" autoComplete="new-password" aria-describedby="invite-password-rules" {...register('password')} />
        </FormField>
        <FormField label="Confirm password" error={errors.confirmPassword?.message}>
          <Input type="password" autoComplete="new-password" {...register('confirmPassword')} />
        </FormField>
        <Button type="submit" size="lg" className="w-full" loading={accept.isPending}>
          Create account
        </Button>
      </form>
    </AuthCard>
  );
}

export { AcceptInviteRoute as Component };
