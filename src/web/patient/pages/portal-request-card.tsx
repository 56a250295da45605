/** @jsxImportSource preact */
import { useState } from 'preact/hooks';
import { api, ApiError } from '../api';
import { TextArea } from '../components/fields';
import { Notice } from '../components/status';
import { formatDateTime, type PracticeClock } from '../format';
import { useI18n, type MessageKey } from '../i18n/i18n';
import { PortalThread } from './portal-thread';
import { VisitPanel } from './portal-visit';
import type { CancelBody, CancelResponse, IntakeLinkResponse, PortalMessage, PortalRequest } from '@contracts/portal';

const STATUS_TONE: Record<PortalRequest['status'], string> = {
  submitted: 'bg-info-soft text-info-soft-foreground',
  in_review: 'bg-warning-soft text-warning-soft-foreground',
  scheduled: 'bg-success-soft text-success-soft-foreground',
  declined: 'bg-destructive-soft text-destructive-soft-foreground',
  canceled: 'bg-muted text-muted-foreground',
};

export function Messages({ messages, practice }: { messages: PortalMessage[]; practice: PracticeClock }) {
  const { locale } = useI18n();
  return (
    <ul class="space-y-2">
      {messages.map((m, i) => (
        <li key={i} class="rounded-lg border border-border bg-background p-3">
          <p class="whitespace-pre-line">{m.body}</p>
          <p class="mt-1 text-xs text-muted-foreground">{formatDateTime(m.at, practice, locale, false)}</p>
        </li>
      ))}
    </ul>
  );
}

/** One request in the portal: status, appointment, history, intake, messages, cancel. */
export function RequestCard({ request, practice, onChanged, onSignedOut }: { request: PortalRequest; practice: PracticeClock; onChanged: (r: PortalRequest) => void; onSignedOut: () => void }) {
  const { t, locale } = useI18n();
  const r = request;
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const title = r.reason === 'other' ? (r.reasonOther ?? '') : (r.reason ?? '');

  const openIntake = async () => {
    setBusy(true);
    setError(null);
    try {
      const { url } = await api<IntakeLinkResponse>('POST', `/api/portal/requests/${r.id}/intake-link`, {});
      const u = new URL(url);
      location.assign(u.pathname + u.search);
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) return onSignedOut();
      setError(e instanceof ApiError ? e : new ApiError(0, 'network', ''));
      setBusy(false);
    }
  };

  const cancel = async () => {
    setBusy(true);
    setError(null);
    try {
      const res = await api<CancelResponse>('POST', `/api/portal/requests/${r.id}/cancel`, { reason } satisfies CancelBody);
      setConfirming(false);
      onChanged(res.request);
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) return onSignedOut();
      setError(e instanceof ApiError ? e : new ApiError(0, 'network', ''));
    } finally {
      setBusy(false);
    }
  };

  const intakeAction = r.intake.status === 'submitted' ? 'portal.intakeView' : r.intake.status === 'in_progress' ? 'portal.intakeContinue' : 'portal.intakeFill';
  return (
    <article aria-labelledby={`req-${r.id}`} class="card">
      <div class="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id={`req-${r.id}`} class="text-lg font-semibold">
            {title}
          </h3>
          <p class="text-sm text-muted-foreground">
            {t('portal.ref', { code: r.referenceCode ?? '' })}
            {r.submittedAt && ` · ${t('portal.sentOn', { date: formatDateTime(r.submittedAt, practice, locale, false) })}`}
          </p>
        </div>
        <span class={`rounded-full px-3 py-1 text-sm font-semibold ${STATUS_TONE[r.status]}`}>{t(`status.${r.status}` as MessageKey)}</span>
      </div>

      {r.status === 'scheduled' && r.visit && <VisitPanel request={r} visit={r.visit} practice={practice} onChanged={onChanged} onSignedOut={onSignedOut} />}
      {r.status === 'scheduled' && r.scheduledFor && !r.visit && (
        <div class="mt-4 rounded-lg bg-success-soft p-4 text-success-soft-foreground">
          <p class="text-sm font-medium">{t('portal.appointment')}</p>
          <p class="text-lg font-semibold" data-testid="scheduled-time">
            {formatDateTime(r.scheduledFor, practice, locale)}
          </p>
        </div>
      )}
      {(r.status === 'submitted' || r.status === 'in_review') && <p class="mt-3 text-muted-foreground">{t('portal.waiting')}</p>}
      {r.status === 'declined' && r.declineReason && <p class="mt-3">{t('portal.declined', { reason: r.declineReason })}</p>}
      {error && (
        <div class="mt-3">
          <Notice tone="error">{error.text()}</Notice>
        </div>
      )}

      <div class="mt-4 grid gap-4 sm:grid-cols-2">
        <div>
          <h4 class="text-sm font-semibold">{t('portal.history')}</h4>
          <ol class="mt-1 space-y-1 text-sm text-muted-foreground">
            {r.history.map((h, i) => (
              <li key={i}>
                <span class="font-medium text-foreground">{t(`status.${h.status}` as MessageKey)}</span> {t(`by.${h.by}` as MessageKey)} · {formatDateTime(h.at, practice, locale, false)}
              </li>
            ))}
          </ol>
        </div>
        <div>
          <h4 class="text-sm font-semibold">{t('portal.intake')}</h4>
          <p class="mt-1 text-sm text-muted-foreground">{t(`intake.status.${r.intake.status}` as MessageKey)}</p>
          {r.intake.available && (
            <button type="button" class="btn btn-secondary mt-2" onClick={openIntake} disabled={busy}>
              {t(intakeAction)}
            </button>
          )}
        </div>
      </div>

      <PortalThread request={r} practice={practice} onChanged={onChanged} onSignedOut={onSignedOut} />

      {r.canCancel && !confirming && (
        <button type="button" class="link mt-4 text-sm text-destructive" onClick={() => setConfirming(true)}>
          {t('portal.cancel')}
        </button>
      )}
      {confirming && (
        <div role="group" aria-labelledby={`cancel-${r.id}`} class="mt-4 space-y-3 rounded-lg border border-red-200 bg-destructive-soft p-4">
          <p id={`cancel-${r.id}`} class="font-semibold text-destructive-soft-foreground">
            {t('portal.cancelTitle', { code: r.referenceCode ?? '' })}
          </p>
          <TextArea id={`cancel-reason-${r.id}`} label={t('portal.cancelReason')} optional rows={2} maxLength={500} value={reason} onValue={setReason} />
          <div class="flex flex-col gap-2 sm:flex-row">
            <button type="button" class="btn btn-danger" onClick={cancel} disabled={busy}>
              {t('portal.cancelConfirm')}
            </button>
            <button type="button" class="btn btn-secondary" onClick={() => setConfirming(false)}>
              {t('portal.cancelKeep')}
            </button>
          </div>
        </div>
      )}
    </article>
  );
}
