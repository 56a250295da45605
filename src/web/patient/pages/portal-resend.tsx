/** @jsxImportSource preact */
import { useState } from 'preact/hooks';
import type { ResendBody, SignInResponse } from '@contracts/portal';
import { api, ApiError } from '../api';
import { Notice } from '../components/status';
import { useI18n, type MessageKey } from '../i18n/i18n';

/** "in 20 seconds" up to a minute and a half, then whole minutes (rounded up: never too early). */
export function waitText(t: (key: MessageKey, params?: Record<string, string | number>) => string, error: ApiError, keys: { seconds: MessageKey; minutes: MessageKey }): string {
  const seconds = typeof error.extra.retryAfterSeconds === 'number' ? error.extra.retryAfterSeconds : 60;
  return seconds < 90 ? t(keys.seconds, { n: seconds }) : t(keys.minutes, { n: Math.ceil(seconds / 60) });
}

/**
 * "Send a new code" under the code field. The server limits how often (per contact and per
 * address) and says when to try again; that answer, like the confirmation, is a live region so
 * a screen reader hears it. The button stays usable: pressing it again asks the server again.
 */
export function ResendCode({ challengeId, onResent }: { challengeId: string; onResent: (challenge: SignInResponse) => void }) {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const resend = async () => {
    setBusy(true);
    setNotice(null);
    try {
      const challenge = await api<SignInResponse>('POST', '/api/portal/sign-in/resend', { challengeId } satisfies ResendBody);
      onResent(challenge);
      setNotice({ tone: 'success', text: t('portal.resent', { contact: challenge.sentTo }) });
    } catch (e) {
      const error = e instanceof ApiError ? e : new ApiError(0, 'network', '');
      const text = error.code === 'resend_too_soon' ? waitText(t, error, { seconds: 'portal.resendWaitSeconds', minutes: 'portal.resendWaitMinutes' }) : error.text();
      setNotice({ tone: 'error', text });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div class="space-y-3">
      <button type="button" class="link text-left" onClick={resend} disabled={busy} aria-describedby={notice ? 'resend-notice' : undefined}>
        {busy ? t('common.loading') : t('portal.resend')}
      </button>
      {notice && (
        <div id="resend-notice">
          <Notice tone={notice.tone}>{notice.text}</Notice>
        </div>
      )}
    </div>
  );
}
