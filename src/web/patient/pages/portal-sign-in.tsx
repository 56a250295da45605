/** @jsxImportSource preact */
import type { PracticeListResponse } from '@contracts/appointment-requests';
import type { SignInBody, SignInResponse, VerifyBody } from '@contracts/portal';
import { validationMessage } from '@domain/patient/validation-messages';
import { useState } from 'preact/hooks';
import { api, ApiError } from '../api';
import { DateField, ErrorSummary, SelectField, TextField } from '../components/fields';
import { Notice } from '../components/status';
import { useI18n } from '../i18n/i18n';
import { useLoad } from '../use-load';
import { ResendCode } from './portal-resend';

const LAST_PRACTICE = 'sb.portal.practice';

/** Sign-in: practice, email or phone, date of birth → a 6-digit code → a patient session. */
export function PortalSignIn({ initialSlug, notice, onSignedIn }: { initialSlug: string | null; notice?: string; onSignedIn: () => void }) {
  const { t, locale } = useI18n();
  const practices = useLoad(() => api<PracticeListResponse>('GET', '/api/public/practices'), 'practices');
  const remembered = (() => {
    try {
      return localStorage.getItem(LAST_PRACTICE);
    } catch {
      return null;
    }
  })();
  const [organization, setOrganization] = useState(initialSlug ?? remembered ?? '');
  const [contact, setContact] = useState('');
  const [dateOfBirth, setDateOfBirth] = useState('');
  const [code, setCode] = useState('');
  const [challenge, setChallenge] = useState<SignInResponse | null>(null);
  const [errorKeys, setErrorKeys] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);
  // The chosen practice's country: the order a date of birth is typed in, and the examples of messages.
  const country = practices.data?.items.find((p) => p.slug === organization)?.country;
  const errors = Object.fromEntries(Object.entries(errorKeys).map(([k, v]) => [k, validationMessage(locale, k, v, country)]));

  const run = async (fn: () => Promise<void>) => {
    setBusy(true);
    setFailure(null);
    try {
      await fn();
      setErrorKeys({});
    } catch (e) {
      if (e instanceof ApiError && e.code === 'validation_failed') {
        setErrorKeys(e.fieldKeys);
        requestAnimationFrame(() => document.getElementById('error-summary')?.focus());
      } else setFailure(e instanceof ApiError ? e : new ApiError(0, 'network', ''));
    } finally {
      setBusy(false);
    }
  };

  const requestCode = (e: Event) => {
    e.preventDefault();
    void run(async () => {
      const c = await api<SignInResponse>('POST', '/api/portal/sign-in', { organization, contact, dateOfBirth } satisfies SignInBody);
      try {
        localStorage.setItem(LAST_PRACTICE, organization);
      } catch {
        /* not remembered */
      }
      setChallenge(c);
      setCode('');
      requestAnimationFrame(() => document.getElementById('code')?.focus());
    });
  };

  const verify = (e: Event) => {
    e.preventDefault();
    void run(async () => {
      await api('POST', '/api/portal/verify', { challengeId: challenge!.challengeId, code } satisfies VerifyBody);
      onSignedIn();
    });
  };

  const labels = { organization: t('f.practice'), contact: t('f.contact'), dateOfBirth: t('f.dateOfBirth'), code: t('f.code') };
  const failureText = failure ? `${failure.text()}${typeof failure.extra.attemptsLeft === 'number' ? ` ${t('portal.triesLeft', { n: failure.extra.attemptsLeft })}` : ''}` : null;

  return (
    <>
      <h1 tabIndex={-1} class="text-2xl font-semibold tracking-tight sm:text-3xl">
        {challenge ? t('portal.codeTitle') : t('portal.title')}
      </h1>
      {notice && (
        <div class="mt-4">
          <Notice tone="info">{notice}</Notice>
        </div>
      )}
      {!challenge ? (
        <>
          <p class="mt-2 leading-relaxed text-muted-foreground">{t('portal.intro')}</p>
          <form noValidate onSubmit={requestCode} class="card mt-6 space-y-5">
            <ErrorSummary errors={errors} labels={labels} />
            {failureText && <Notice tone="error">{failureText}</Notice>}
            <SelectField
              id="organization"
              label={labels.organization}
              value={organization}
              required
              options={(practices.data?.items ?? []).map((p) => ({ value: p.slug, label: p.name }))}
              error={errors.organization}
              onCommit={setOrganization}
            />
            <TextField id="contact" label={labels.contact} value={contact} autoComplete="email" maxLength={254} required error={errors.contact} onValue={setContact} />
            <DateField id="dateOfBirth" label={labels.dateOfBirth} value={dateOfBirth} country={country} autoComplete="bday" required error={errors.dateOfBirth} onValue={setDateOfBirth} />
            <button type="submit" class="btn btn-primary w-full sm:w-auto" disabled={busy}>
              {busy ? t('common.loading') : t('portal.sendCode')}
            </button>
          </form>
        </>
      ) : (
        <>
          <p class="mt-2 leading-relaxed text-muted-foreground">{t('portal.codeSent', { contact: challenge.sentTo })}</p>
          <form noValidate onSubmit={verify} class="card mt-6 space-y-5">
            <ErrorSummary errors={errors} labels={labels} />
            {failureText && <Notice tone="error">{failureText}</Notice>}
            <TextField id="code" label={labels.code} value={code} inputMode="numeric" autoComplete="one-time-code" maxLength={6} required error={errors.code} onValue={setCode} />
            <ResendCode
              challengeId={challenge.challengeId}
              onResent={(c) => {
                // The earlier code no longer works: start the field and its messages afresh.
                setChallenge(c);
                setCode('');
                setFailure(null);
                setErrorKeys({});
              }}
            />
            <div class="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              <button type="button" class="link text-left" onClick={() => (setChallenge(null), setFailure(null), setErrorKeys({}))}>
                {t('portal.restart')}
              </button>
              <button type="submit" class="btn btn-primary" disabled={busy}>
                {busy ? t('common.loading') : t('portal.verify')}
              </button>
            </div>
          </form>
        </>
      )}
    </>
  );
}
