/** @jsxImportSource preact */
import { useState } from 'preact/hooks';
import { api, ApiError } from '../api';
import { Layout } from '../components/layout';
import { ErrorPanel, Loading, Notice, Panel } from '../components/status';
import { useI18n } from '../i18n/i18n';
import type { PortalOverview } from '@contracts/portal';
import { emergencyOf } from '../emergency';
import { useLoad } from '../use-load';
import { Messages, RequestCard } from './portal-request-card';
import { PortalSignIn } from './portal-sign-in';

/** /portal — sign in with a one-time code, then the patient's requests at that practice. */
export function PortalPage({ slug }: { slug: string | null }) {
  const { t } = useI18n();
  const [attempt, setAttempt] = useState(0);
  const overview = useLoad(() => api<PortalOverview>('GET', '/api/portal/overview'), `overview-${attempt}`);
  const [note, setNote] = useState<string | undefined>();

  const signOut = async () => {
    await api('POST', '/api/portal/sign-out').catch(() => undefined);
    setNote(undefined);
    setAttempt((n) => n + 1);
  };

  if (overview.loading && !overview.data) {
    return (
      <Layout title={t('portal.title')}>
        <Loading />
      </Layout>
    );
  }
  const err = overview.error;
  if (err instanceof ApiError && err.status === 401) {
    return (
      <Layout title={t('portal.title')}>
        <PortalSignIn initialSlug={slug} notice={note ?? (err.code === 'patient_session_expired' ? err.text() : undefined)} onSignedIn={() => setAttempt((n) => n + 1)} />
      </Layout>
    );
  }
  if (!overview.data) {
    return (
      <Layout title={t('portal.title')}>
        <ErrorPanel error={err} onRetry={overview.reload} />
      </Layout>
    );
  }
  const o = overview.data;
  const replace = (r: PortalOverview['requests'][number]) => {
    const before = o.requests.find((x) => x.id === r.id);
    overview.setData({ ...o, requests: o.requests.map((x) => (x.id === r.id ? r : x)) });
    // A reply changes the request too; only a cancellation earns the page's notice.
    if (r.status === 'canceled' && before?.status !== 'canceled') setNote(t('portal.canceled'));
  };
  return (
    <Layout title={t('portal.title')} practice={emergencyOf(o.practice)}>
      <div class="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p class="text-sm font-medium text-primary">{t('portal.title')}</p>
          <h1 tabIndex={-1} class="mt-1 text-2xl font-semibold tracking-tight sm:text-3xl">
            {o.patient.firstName ? t('portal.hello', { name: o.patient.firstName }) : t('portal.title')}
          </h1>
        </div>
        <button type="button" class="btn btn-secondary" onClick={signOut}>
          {t('portal.signOut')}
        </button>
      </div>
      <p class="mt-2 text-sm text-muted-foreground">{t('portal.idle', { n: o.idleMinutes })}</p>
      {note && (
        <div class="mt-4" role="status">
          <Notice tone="success">{note}</Notice>
        </div>
      )}

      <h2 class="mt-8 text-xl font-semibold">{t('portal.yourRequests', { practice: o.practice.name })}</h2>
      {o.requests.length === 0 ? (
        <div class="mt-4">
          <Panel title={t('portal.emptyTitle')} heading="h2">
            <p>{t('portal.emptyBody', { practice: o.practice.name })}</p>
            <a href={`/request-appointment?org=${encodeURIComponent(o.practice.slug)}`} class="btn btn-primary no-underline">
              {t('portal.emptyAction')}
            </a>
          </Panel>
        </div>
      ) : (
        <div class="mt-4 space-y-5">
          {o.requests.map((r) => (
            <RequestCard key={r.id} request={r} practice={o.practice} onChanged={replace} onSignedOut={() => setAttempt((n) => n + 1)} />
          ))}
        </div>
      )}

      {o.messages.length > 0 && (
        <section aria-labelledby="messages-h" class="mt-8">
          <h2 id="messages-h" class="text-xl font-semibold">
            {t('portal.messages')}
          </h2>
          <div class="mt-3">
            <Messages messages={o.messages} practice={o.practice} />
          </div>
        </section>
      )}
    </Layout>
  );
}
