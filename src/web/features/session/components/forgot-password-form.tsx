import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { ForgotPasswordBody } from '@contracts/password';
import { MailCheck } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { FormErrorAlert } from '@web/components/form-error-alert';
import { isApiError } from '@web/lib/api';
import { applyServerFieldErrors } from '@web/lib/form-errors';
import { useForgotPassword } from '../api/forgot-password';

/** The endpoint's body; an empty email says what is missing rather than that it is not valid. */
const forgotPasswordFormSchema = ForgotPasswordBody.extend({
  email: z.string().trim().min(1, { error: 'Enter your email address.' }).pipe(ForgotPasswordBody.shape.email),
});

/**
 * "Forgot password?": asks for the email and always shows the same confirmation, so the
 * page never reveals whether an account exists.
 */
export function ForgotPasswordForm({ defaultEmail = '', onBack }: { defaultEmail?: string; onBack: () => void }) {
  const forgot = useForgotPassword();
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors },
  } = useForm<z.input<typeof forgotPasswordFormSchema>, unknown, z.output<typeof forgotPasswordFormSchema>>({
    resolver: zodResolver(forgotPasswordFormSchema),
    defaultValues: { email: defaultEmail },
  });

  const onSubmit = handleSubmit((values) =>
    forgot.mutate(values, {
      onError: (error) => applyServerFieldErrors(error, setError, { fields: ['email'] }),
    }),
  );

  if (forgot.isSuccess) {
    return (
      <div className="space-y-6">
        <div role="status" className="flex gap-3 rounded-lg bg-success-soft p-4 text-sm text-success-soft-foreground">
          <MailCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <div className="space-y-1">
            <p className="font-semibold">Check your email</p>
            <p>
              If an account exists for <strong className="[overflow-wrap:anywhere]">{getValues('email')}</strong>, we have sent it a link to choose a
              new password. The link works once and for a limited time. If nothing arrives in a few minutes, check your spam folder.
            </p>
          </div>
        </div>
        <Button type="button" variant="outline" className="w-full" onClick={onBack}>
          Back to sign in
        </Button>
      </div>
    );
  }

  const error = forgot.error;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {error && !(isApiError(error) && error.code === 'validation_failed' && error.hasFieldErrors) ? <FormErrorAlert error={error} /> : null}
      <FormField label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="username" inputMode="email" spellCheck={false} autoFocus {...register('email')} />
      </FormField>
      <Button type="submit" className="w-full" size="lg" loading={forgot.isPending}>
        Send reset link
      </Button>
      <Button type="button" variant="link" className="w-full" onClick={onBack}>
        Back to sign in
      </Button>
    </form>
  );
}
