import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { LoginBody, type LoginResult } from '@contracts/session';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { isApiError, type ApiError } from '@web/lib/api';
import { applyServerFieldErrors } from '@web/lib/form-errors';
import { useLogin } from '../api/login';

/** The endpoint's body; an empty email says what is missing rather than that it is not valid. */
const loginFormSchema = LoginBody.extend({
  email: z.string().trim().min(1, { error: 'Enter your email address.' }).pipe(LoginBody.shape.email),
});

function minutes(seconds: number | undefined): string {
  if (!seconds || seconds <= 0) return 'a few minutes';
  const m = Math.ceil(seconds / 60);
  return m === 1 ? '1 minute' : `${m} minutes`;
}

/** Sign-in failures, in words that do not reveal whether the email exists. */
export function loginErrorMessage(error: ApiError): { title: string; body: string } {
  switch (error.code) {
    case 'invalid_credentials':
      return {
        title: 'Email or password is not correct.',
        body: 'Check both and try again. After several failed attempts the account is locked for a while.',
      };
    case 'account_locked':
      return {
        title: 'This account is temporarily locked.',
        body: `There were too many failed sign-ins. Try again in ${minutes(error.retryAfterSeconds)}, or reset your password.`,
      };
    case 'account_disabled':
      return {
        title: 'This account is disabled.',
        body: 'It can no longer sign in. If you think this is a mistake, contact your Switchboard administrator.',
      };
    case 'rate_limited':
      return {
        title: 'Too many attempts.',
        body: `Wait ${error.retryAfterSeconds ? minutes(error.retryAfterSeconds) : 'a moment'} and try again.`,
      };
    case 'validation_failed':
      return { title: 'Some fields need attention.', body: 'Check the messages below each field.' };
    default:
      return { title: 'Sign-in failed.', body: error.message };
  }
}

export interface LoginFormProps {
  defaultEmail?: string;
  onSuccess: (result: LoginResult, email: string) => void;
  onForgotPassword: (email: string) => void;
}

export function LoginForm({ defaultEmail = '', onSuccess, onForgotPassword }: LoginFormProps) {
  const login = useLogin();
  const form = useForm<z.input<typeof loginFormSchema>, unknown, z.output<typeof loginFormSchema>>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { email: defaultEmail, password: '' },
  });
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    resetField,
    getValues,
    formState: { errors },
  } = form;

  const onSubmit = handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: (result) => onSuccess(result, values.email),
      onError: (error) => {
        applyServerFieldErrors(error, setError, { fields: ['email', 'password'] });
        if (isApiError(error) && error.code === 'invalid_credentials') {
          resetField('password');
          setFocus('password');
        }
      },
    }),
  );

  const failure = login.error ? (isApiError(login.error) ? loginErrorMessage(login.error) : { title: 'Sign-in failed.', body: 'Try again.' }) : null;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {failure ? (
        <Alert variant="destructive" assertive title={failure.title}>
          {failure.body}
        </Alert>
      ) : null}

      <FormField label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="username" inputMode="email" spellCheck={false} autoFocus={!defaultEmail} {...register('email')} />
      </FormField>

      <FormField
        label="Password"
        error={errors.password?.message}
        labelAside={
          <button
            type="button"
            onClick={() => onForgotPassword(getValues('email'))}
            className="rounded text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            Forgot password?
          </button>
        }
      >
        <Input type="password" autoComplete="current-password" autoFocus={Boolean(defaultEmail)} {...register('password')} />
      </FormField>

      <Button type="submit" className="w-full" size="lg" loading={login.isPending}>
        {login.isPending ? 'Signing in…' : 'Sign in'}
      </Button>
    </form>
  );
}

