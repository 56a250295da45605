import * as React from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { DocumentTitle } from '@web/components/document-title';
import { Alert } from '@web/components/ui/alert';
import { useSession } from '@web/lib/queries/get-session';
import { AuthCard } from '@web/features/session/components/auth-card';
import { ForgotPasswordForm } from '@web/features/session/components/forgot-password-form';
import { LoginForm } from '@web/features/session/components/login-form';
import { TwoFactorForm } from '@web/features/session/components/two-factor-form';
import { BackupCodeForm } from '@web/features/session/components/backup-code-form';
import { useToast } from '@web/components/ui/toast';
import { paths, safeNext, type LoginReason } from '@web/lib/paths';

type Step = 'credentials' | 'two-factor' | 'backup-code' | 'forgot';

const reasonBanners: Record<LoginReason, { variant: 'info' | 'success'; text: string }> = {
  session_expired: { variant: 'info', text: 'Your session has expired. Sign in again to continue where you left off.' },
  signed_out: { variant: 'success', text: 'You have signed out.' },
  password_reset: { variant: 'success', text: 'Your password has been changed. Sign in with your new password.' },
  invite_accepted: { variant: 'success', text: 'Your account is ready. Sign in to continue.' },
};

const titles: Record<Step, { title: string; description: string }> = {
  credentials: { title: 'Sign in to Switchboard', description: 'For practice staff, administrators and developers.' },
  'two-factor': { title: 'Two-step verification', description: 'Your account is protected with a second step.' },
  'backup-code': { title: 'Two-step verification', description: 'Without your authenticator app, a backup code is your second step.' },
  forgot: {
    title: 'Reset your password',
    description: 'Enter the email address of your account and we will send you a link to choose a new password.',
  },
};

export function LoginRoute() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const { toast } = useToast();
  const next = safeNext(searchParams.get('next'));
  const reason = searchParams.get('reason') as LoginReason | null;
  const [step, setStep] = React.useState<Step>(searchParams.get('forgot') === '1' ? 'forgot' : 'credentials');
  const [email, setEmail] = React.useState('');
  const [stepChanged, setStepChanged] = React.useState(false);

  const goTo = (nextStep: Step) => {
    setStep(nextStep);
    setStepChanged(true);
  };

  // Already signed in (or just signed in): continue to where the user was going.
  if (session.data?.user) return <Navigate to={next} replace />;

  const banner = reason && step === 'credentials' ? reasonBanners[reason] : undefined;
  const { title, description } = titles[step];

  return (
    <AuthCard
      title={title}
      description={description}
      focusTitle={stepChanged}
      footer={
        step === 'credentials' ? (
          <p>
            Are you a patient?{' '}
            <Link reloadDocument to={paths.requestAppointment.path} className="font-medium text-primary underline-offset-4 hover:underline">
              Request an appointment
            </Link>{' '}
            or open the{' '}
            <Link reloadDocument to={paths.portal.path} className="font-medium text-primary underline-offset-4 hover:underline">
              patient portal
            </Link>
            .
          </p>
        ) : null
      }
    >
      <DocumentTitle title={title} />
      {banner ? (
        <Alert variant={banner.variant} className="mb-5">
          {banner.text}
        </Alert>
      ) : null}

      {step === 'credentials' ? (
        <LoginForm
          defaultEmail={email}
          onForgotPassword={(typed) => {
            setEmail(typed);
            goTo('forgot');
          }}
          onSuccess={(result, typedEmail) => {
            setEmail(typedEmail);
            if ('twoFactorRequired' in result) goTo('two-factor');
            else void navigate(next, { replace: true });
          }}
        />
      ) : null}

      {step === 'two-factor' ? (
        <TwoFactorForm onSuccess={() => void navigate(next, { replace: true })} onCancel={() => goTo('credentials')} onUseBackupCode={() => goTo('backup-code')} />
      ) : null}

      {step === 'backup-code' ? (
        <BackupCodeForm
          onUseApp={() => goTo('two-factor')}
          onSuccess={({ backupCodesLeft }) => {
            // The used code is gone; running low is worth saying while the user still has a way in.
            toast({
              variant: backupCodesLeft <= 3 ? 'error' : 'info',
              title: backupCodesLeft === 1 ? '1 backup code left' : `${backupCodesLeft} backup codes left`,
              description:
                backupCodesLeft <= 3
                  ? 'Turn two-factor off and on again in your profile to get new codes and set up your authenticator app again.'
                  : 'The code you used will not work again.',
            });
            void navigate(next, { replace: true });
          }}
        />
      ) : null}

      {step === 'forgot' ? <ForgotPasswordForm defaultEmail={email} onBack={() => goTo('credentials')} /> : null}
    </AuthCard>
  );
}

export { LoginRoute as Component };
