/** @jsxImportSource preact */
import { useState } from 'preact/hooks';
import type { PortalMessage, PortalRequest, ReplyBody, ReplyResponse } from '@contracts/portal';
import { api, ApiError, fieldMessages } from '../api';
import { TextArea } from '../components/fields';
import { Notice } from '../components/status';
import { formatDateTime, type PracticeClock } from '../format';
import { useI18n } from '../i18n/i18n';
import { waitText } from './portal-resend';

// The contract's THREAD_REPLY_MAX: patient pages import contracts as types only (no zod in their bundle).
const REPLY_MAX = 1000;

/** The messages of a conversation, oldest first, each saying who wrote it and when. */
export function Conversation({ messages, practice }: { messages: PortalMessage[]; practice: PracticeClock }) {
  const { t, locale } = useI18n();
  return (
    <ol class="space-y-2">
      {messages.map((m, i) => {
        const mine = m.from === 'you';
        const via = m.channel === 'sms' ? t('portal.viaSms') : m.channel === 'email' ? t('portal.viaEmail') : null;
        return (
          <li key={i} class={`rounded-lg border p-3 ${mine ? 'ml-6 border-primary/30 bg-primary/5 sm:ml-12' : 'mr-6 border-border bg-background sm:mr-12'}`}>
            <p class="text-xs font-semibold text-muted-foreground">
              {mine ? t('portal.fromYou') : t('portal.fromPractice')}
              {via && <span class="font-normal"> · {via}</span>}
            </p>
            <p class="mt-1 whitespace-pre-line [overflow-wrap:anywhere]">{m.body}</p>
            <p class="mt-1 text-xs text-muted-foreground">{formatDateTime(m.at, practice, locale, false)}</p>
          </li>
        );
      })}
    </ol>
  );
}

/**
 * A request's conversation with the practice, and the box to answer it (when the practice has
 * written). The reply lands on the handoff staff work from; limits and field errors come from
 * the server and are announced.
 */
export function PortalThread({ request, practice, onChanged, onSignedOut }: { request: PortalRequest; practice: PracticeClock; onChanged: (r: PortalRequest) => void; onSignedOut: () => void }) {
  const { t } = useI18n();
  const [reply, setReply] = useState('');
  const [busy, setBusy] = useState(false);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const id = `reply-${request.id}`;
  if (request.messages.length === 0) return null;

  const send = async (e: Event) => {
    e.preventDefault();
    if (!request.thread) return;
    setBusy(true);
    setNotice(null);
    setFieldError(undefined);
    try {
      const res = await api<ReplyResponse>('POST', `/api/portal/threads/${request.thread.id}/replies`, { reply } satisfies ReplyBody);
      setReply('');
      setNotice({ tone: 'success', text: t('portal.replySent') });
      onChanged(res.request);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return onSignedOut();
      const error = err instanceof ApiError ? err : new ApiError(0, 'network', '');
      const field = fieldMessages(error).reply;
      if (field) {
        setFieldError(field);
        requestAnimationFrame(() => document.getElementById(id)?.focus());
      } else {
        setNotice({ tone: 'error', text: error.code === 'reply_too_soon' ? waitText(t, error, { seconds: 'portal.replyWaitSeconds', minutes: 'portal.replyWaitMinutes' }) : error.text() });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={`conversation-${request.id}`} class="mt-4">
      <h4 id={`conversation-${request.id}`} class="mb-2 text-sm font-semibold">
        {t('portal.conversation')}
      </h4>
      <Conversation messages={request.messages} practice={practice} />
      {request.thread && (
        <form noValidate onSubmit={send} class="mt-3 space-y-3">
          <TextArea id={id} label={t('portal.replyLabel')} hint={t('portal.replyHint')} rows={3} maxLength={REPLY_MAX} value={reply} error={fieldError} onValue={setReply} />
          {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
          <button type="submit" class="btn btn-primary w-full sm:w-auto" disabled={busy}>
            {busy ? t('common.loading') : t('portal.replySend')}
          </button>
        </form>
      )}
    </section>
  );
}
