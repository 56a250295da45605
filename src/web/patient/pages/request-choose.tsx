/** @jsxImportSource preact */
import { useState } from 'preact/hooks';
import { api, ApiError } from '../api';
import { Layout } from '../components/layout';
import { ErrorPanel, Loading, Notice, Panel } from '../components/status';
import { formatDay, hoursByDay, statusText } from '../format';
import { useI18n, type MessageKey } from '../i18n/i18n';
import { navigate, onLinkClick } from '../router';
import type { DraftResponse, PracticeListResponse, PracticeResponse, StartDraftBody } from '@contracts/appointment-requests';
import { emergencyOf } from '../emergency';
import { useLoad } from '../use-load';
import { bookingOptions, releaseHold } from '../booking-api';
import { visitName } from '../components/held-time';

/** /request-appointment: choose the practice (or come with ?org=slug), see its hours, start. */
export function RequestChoosePage({ slug }: { slug: string | null }) {
  return slug ? <PracticeStart slug={slug} /> : <Chooser />;
}

function Chooser() {
  const { t } = useI18n();
  const practices = useLoad(() => api<PracticeListResponse>('GET', '/api/public/practices'), 'practices');
  const draft = useLoad(() => api<DraftResponse>('GET', '/api/public/appointment-requests/draft').catch(() => null), 'draft');
  return (
    <Layout title={t('choose.title')}>
      <h1 tabIndex={-1} class="text-2xl font-semibold tracking-tight sm:text-3xl">
        {t('choose.title')}
      </h1>
      <p class="mt-2 leading-relaxed text-muted-foreground">{t('choose.intro')}</p>
      {draft.data && draft.data.status === 'draft' && (
        <div class="mt-5">
          <Notice tone="info">
            {t('choose.draft', { practice: draft.data.organization.name })}{' '}
            <a href="/request-appointment/start" class="font-semibold underline underline-offset-2" onClick={onLinkClick}>
              {t('choose.draftAction')}
            </a>
          </Notice>
        </div>
      )}
      <div class="mt-6">
        {practices.loading && <Loading />}
        {practices.error !== undefined && <ErrorPanel error={practices.error} onRetry={practices.reload} />}
        {practices.data && practices.data.items.length === 0 && <Panel title={t('choose.empty')} />}
        {practices.data && practices.data.items.length > 0 && (
          <ul class="grid gap-3">
            {practices.data.items.map((p) => (
              <li key={p.slug}>
                <a
                  href={`/request-appointment?org=${encodeURIComponent(p.slug)}`}
                  onClick={onLinkClick}
                  class="flex items-center justify-between gap-4 rounded-xl border border-border bg-card p-4 no-underline hover:border-primary"
                >
                  <span>
                    <span class="block font-semibold text-foreground">{p.name}</span>
                    <span class="block text-sm text-muted-foreground">
                      {[p.city, p.region].filter(Boolean).join(', ')}
                      {!p.requestsEnabled && ` · ${t('choose.phoneOnly')}`}
                    </span>
                  </span>
                  <span aria-hidden="true" class="text-xl text-primary">
                    →
                  </span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Layout>
  );
}

function PracticeStart({ slug }: { slug: string }) {
  const { t, locale } = useI18n();
  const practice = useLoad(() => api<PracticeResponse>('GET', `/api/public/practices/${encodeURIComponent(slug)}`), slug);
  // Visit types booked online (issue 31 §4); without them (or when they cannot be read) the request flow alone.
  const booking = useLoad(() => bookingOptions(slug).catch(() => null), `booking-${slug}`);
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<unknown>(null);
  const p = practice.data;

  const start = async () => {
    setStarting(true);
    setStartError(null);
    try {
      await api<DraftResponse>('POST', '/api/public/appointment-requests/draft', { organization: slug } satisfies StartDraftBody);
      // A time picked before and not wanted now: the practice calls instead.
      await releaseHold().catch(() => undefined);
      navigate('/request-appointment/start');
    } catch (e) {
      setStartError(e);
      setStarting(false);
    }
  };

  if (practice.loading || booking.loading) return <Layout title={t('choose.title')}><Loading /></Layout>;
  if (!p) {
    const notFound = practice.error instanceof ApiError && practice.error.status === 404;
    return (
      <Layout title={t('choose.title')}>
        {notFound ? (
          <Panel title={t('practice.notFound')}>
            <a href="/request-appointment" class="link" onClick={onLinkClick}>
              {t('practice.other')}
            </a>
          </Panel>
        ) : (
          <ErrorPanel error={practice.error} onRetry={practice.reload} />
        )}
      </Layout>
    );
  }
  const webVisits = booking.data?.visitTypes ?? [];
  const address = [p.address.line1, [p.address.city, p.address.region, p.address.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return (
    <Layout title={`${t('choose.title')} · ${p.name}`} practice={emergencyOf(p)}>
      <p class="text-sm font-medium text-primary">{t('choose.title')}</p>
      <h1 tabIndex={-1} class="mt-1 text-2xl font-semibold tracking-tight sm:text-3xl">
        {p.name}
      </h1>
      {address && <p class="mt-1 text-muted-foreground">{address}</p>}
      {p.phone && (
        <p class="mt-1 text-muted-foreground">
          <a href={`tel:${p.phone}`} class="link">
            {t('practice.callUs', { phone: p.phoneDisplay ?? p.phone })}
          </a>
        </p>
      )}

      <section aria-labelledby="hours-h" class="card mt-6">
        <div class="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="hours-h" class="text-lg font-semibold">
            {t('practice.hours')}
          </h2>
          {p.weekly.length > 0 && (
            <p class={`text-sm font-medium ${p.status.open ? 'text-success-soft-foreground' : 'text-muted-foreground'}`}>{statusText(p.status, p.country)}</p>
          )}
        </div>
        {p.weekly.length === 0 ? (
          <p class="mt-3 text-muted-foreground">{t('practice.noHours')}</p>
        ) : (
          <dl class="mt-3 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1.5 text-sm sm:text-base">
            {hoursByDay(p.weekly, p.country).map((d) => (
              <div key={d.day} class="contents">
                <dt class="first-letter:uppercase">{t(`day.${d.day}` as MessageKey)}</dt>
                <dd class="tabular-nums text-muted-foreground">{d.intervals.length ? d.intervals.join(', ') : t('practice.closed')}</dd>
              </div>
            ))}
          </dl>
        )}
        {p.upcomingClosures.length > 0 && (
          <div class="mt-4 border-t border-border pt-3">
            <h3 class="text-sm font-semibold">{t('practice.closures')}</h3>
            <ul class="mt-1 text-sm text-muted-foreground">
              {p.upcomingClosures.map((c) => (
                <li key={c.from}>
                  {c.from === c.to ? formatDay(c.from, p.country) : `${formatDay(c.from, p.country)} – ${formatDay(c.to, p.country)}`}
                  {c.label && ` · ${c.label}`}
                  {c.closed && ` · ${t('practice.closed')}`}
                </li>
              ))}
            </ul>
          </div>
        )}
      </section>

      <div class="mt-6">
        {p.requestsEnabled ? (
          <>
            {p.requestMessage && locale === 'en' && <p class="mb-2 leading-relaxed">{p.requestMessage}</p>}
            <p class="mb-4 text-muted-foreground">{t('practice.minutes')}</p>
            {startError !== null && (
              <div class="mb-4">
                <Notice tone="error">{startError instanceof ApiError ? startError.text() : t('common.network')}</Notice>
              </div>
            )}
            {webVisits.length > 0 ? (
              <section aria-labelledby="how-h">
                <h2 id="how-h" class="text-lg font-semibold">
                  {t('book.choiceTitle')}
                </h2>
                <div class="mt-3 grid gap-4 sm:grid-cols-2">
                  <div class="card flex flex-col border-primary">
                    <h3 class="font-semibold">{t('book.pickTitle')}</h3>
                    <p class="mt-1 flex-1 text-muted-foreground">{t('book.pickBody', { visits: webVisits.map((v) => visitName(v, locale)).join(', ') })}</p>
                    <a href={`/request-appointment/time?org=${encodeURIComponent(slug)}`} class="btn btn-primary mt-4 no-underline" onClick={onLinkClick}>
                      {t('book.pickAction')}
                    </a>
                  </div>
                  <div class="card flex flex-col">
                    <h3 class="font-semibold">{t('book.callTitle')}</h3>
                    <p class="mt-1 flex-1 text-muted-foreground">{t('book.callBody')}</p>
                    <button type="button" class="btn btn-secondary mt-4" onClick={start} disabled={starting}>
                      {starting ? t('common.loading') : t('practice.start')}
                    </button>
                  </div>
                </div>
                <a href="/request-appointment" class="link mt-4 inline-block" onClick={onLinkClick}>
                  {t('practice.other')}
                </a>
              </section>
            ) : (
              <div class="flex flex-col gap-3 sm:flex-row">
                <button type="button" class="btn btn-primary" onClick={start} disabled={starting}>
                  {starting ? t('common.loading') : t('practice.start')}
                </button>
                <a href="/request-appointment" class="btn btn-secondary no-underline" onClick={onLinkClick}>
                  {t('practice.other')}
                </a>
              </div>
            )}
          </>
        ) : (
          <Notice tone="warning">
            <p>{t('practice.disabled')}</p>
            {p.phone && (
              <a href={`tel:${p.phone}`} class="mt-1 block font-semibold underline underline-offset-2">
                {t('practice.callUs', { phone: p.phoneDisplay ?? p.phone })}
              </a>
            )}
          </Notice>
        )}
      </div>
    </Layout>
  );
}
