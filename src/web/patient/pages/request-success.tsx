/** @jsxImportSource preact */
import { api, ApiError } from '../api';
import { Layout } from '../components/layout';
import { ErrorPanel, Loading, Panel } from '../components/status';
import { callbackText } from '../format';
import { useI18n } from '../i18n/i18n';
import { onLinkClick } from '../router';
import type { SuccessResponse } from '@contracts/appointment-requests';
import type { BookedVisitView } from '@contracts/public-booking';
import { submittedVisit } from '../booking-api';
import { visitName, VisitWhen } from '../components/held-time';
import { emergencyOf } from '../emergency';
import { useLoad } from '../use-load';

/** A practice note that is only "we will call you (to confirm a time)": said once, by the sentence that says when. */
const PROMISES_A_CALL = /^\s*(we|they|the practice|our (team|staff|office))('ll| will) (call|phone|contact) you\b[^.!?]*[.!?]?\s*$/i;

/** /request-appointment/success — the reference, when the practice will call, intake and portal. */
export function RequestSuccessPage() {
  const { t, locale } = useI18n();
  const s = useLoad(() => api<SuccessResponse>('GET', '/api/public/appointment-requests/submitted'), 'success');
  // The visit it booked, when the patient picked a time (issue 31 §4); a request has none.
  const booked = useLoad(() => submittedVisit().then((r) => r.visit).catch(() => null), 'success-visit');

  if (s.loading || booked.loading) {
    return (
      <Layout title={t('success.title')}>
        <Loading />
      </Layout>
    );
  }
  if (!s.data) {
    const missing = s.error instanceof ApiError && s.error.status === 404;
    return (
      <Layout title={t('success.notFoundTitle')}>
        {missing ? (
          <Panel title={t('success.notFoundTitle')}>
            <p>{t('success.notFoundBody')}</p>
            <div class="flex flex-col gap-3 sm:flex-row">
              <a href="/request-appointment" class="btn btn-primary no-underline" onClick={onLinkClick}>
                {t('success.another')}
              </a>
              <a href="/portal" class="btn btn-secondary no-underline" onClick={onLinkClick}>
                {t('success.portalAction')}
              </a>
            </div>
          </Panel>
        ) : (
          <ErrorPanel error={s.error} onRetry={s.reload} />
        )}
      </Layout>
    );
  }
  const d = s.data;
  if (booked.data) return <BookedSuccess success={d} visit={booked.data} />;
  const when = callbackText(d.callback, locale, d.organization.country);
  return (
    <Layout title={t('success.title')} practice={emergencyOf(d.organization)}>
      <section class="card border-green-200">
        <div class="flex items-center gap-3">
          <span aria-hidden="true" class="inline-flex size-10 items-center justify-center rounded-full bg-success-soft text-xl text-success-soft-foreground">
            ✓
          </span>
          <h1 tabIndex={-1} class="text-2xl font-semibold tracking-tight sm:text-3xl">
            {t('success.title')}
          </h1>
        </div>
        <p class="mt-4 text-sm font-medium text-muted-foreground">{t('success.reference')}</p>
        <p class="mt-1 font-mono text-3xl font-bold tracking-widest" data-testid="reference-code">
          {d.referenceCode}
        </p>
        <p class="mt-2 text-sm text-muted-foreground">{t('success.keep')}</p>
      </section>

      <section aria-labelledby="next-h" class="card mt-5">
        <h2 id="next-h" class="text-lg font-semibold">
          {t('success.next')}
        </h2>
        <p class="mt-2 leading-relaxed">
          {d.contact.phone
            ? t('success.call', { practice: d.organization.name, when, phone: (d.contact.phoneDisplay ?? d.contact.phone) })
            : t('success.callNoPhone', { practice: d.organization.name, when })}
        </p>
        {/* The practice's own note, unless it only promises the call the sentence above already times. */}
        {d.organization.message && locale === 'en' && !PROMISES_A_CALL.test(d.organization.message) && <p class="mt-2 text-muted-foreground">{d.organization.message}</p>}
        <p class="mt-2 text-muted-foreground">
          {d.contact.email ? t('success.email', { email: d.contact.email }) : d.contact.phone ? t('success.sms', { phone: (d.contact.phoneDisplay ?? d.contact.phone) }) : null}
        </p>
      </section>

      <NextLinks success={d} />
    </Layout>
  );
}

/** The intake form and the portal, after a request or a booking. */
function NextLinks({ success: d }: { success: SuccessResponse }) {
  const { t } = useI18n();
  return (
    <div class="mt-5 grid gap-5 sm:grid-cols-2">
      <section aria-labelledby="intake-h" class="card">
        <h2 id="intake-h" class="text-lg font-semibold">
          {t('success.intakeTitle')}
        </h2>
        <p class="mt-2 text-muted-foreground">{t('success.intakeBody')}</p>
        <a href={new URL(d.intakeUrl).pathname + new URL(d.intakeUrl).search} class="btn btn-primary mt-4 w-full no-underline">
          {t('success.intakeAction')}
        </a>
      </section>
      <section aria-labelledby="portal-h" class="card">
        <h2 id="portal-h" class="text-lg font-semibold">
          {t('success.portalTitle')}
        </h2>
        <p class="mt-2 text-muted-foreground">{t('success.portalBody')}</p>
        <a href={new URL(d.portalUrl).pathname + new URL(d.portalUrl).search} class="btn btn-secondary mt-4 w-full no-underline" onClick={onLinkClick}>
          {t('success.portalAction')}
        </a>
      </section>
    </div>
  );
}

/** A booked time: when (the practice's zone, and the patient's when it reads otherwise), what, with whom, where, the calendar file. */
function BookedSuccess({ success: d, visit: v }: { success: SuccessResponse; visit: BookedVisitView }) {
  const { t, locale } = useI18n();
  const clock = { timeZone: v.timeZone, country: v.country };
  const canceled = v.status === 'canceled';
  return (
    <Layout title={t('success.bookedTitle')} practice={emergencyOf(d.organization)}>
      <section class="card border-green-200">
        <div class="flex items-center gap-3">
          <span aria-hidden="true" class="inline-flex size-10 items-center justify-center rounded-full bg-success-soft text-xl text-success-soft-foreground">
            ✓
          </span>
          <h1 tabIndex={-1} class="text-2xl font-semibold tracking-tight sm:text-3xl">
            {t('success.bookedTitle')}
          </h1>
        </div>
        <div class="mt-4 rounded-lg bg-success-soft p-4 text-success-soft-foreground">
          <h2 class="text-sm font-medium">{t('review.appointment')}</h2>
          <VisitWhen start={v.start} clock={clock} testId="booked-time" />
          {canceled && <p class="mt-1 font-medium">{t('success.visitCanceled')}</p>}
          <dl class="mt-3 grid gap-x-3 gap-y-1 text-sm sm:grid-cols-[7rem_1fr]">
            <dt class="font-medium">{t('success.what')}</dt>
            <dd>
              {visitName(v.visitType, locale)} · {t('visit.minutes', { n: v.visitType.lengthMinutes })}
            </dd>
            <dt class="font-medium">{t('visit.with')}</dt>
            <dd data-testid="booked-clinician">{v.clinician.name}</dd>
            <dt class="font-medium">{t('visit.where')}</dt>
            <dd data-testid="booked-place">{[v.location.name, v.location.address].filter(Boolean).join(', ')}</dd>
          </dl>
          {v.calendarPath && (
            <a class="btn btn-secondary mt-4 w-full no-underline sm:w-auto" href={v.calendarPath} download>
              {t('visit.calendar')}
            </a>
          )}
        </div>
        <p class="mt-4 text-sm font-medium text-muted-foreground">{t('success.reference')}</p>
        <p class="mt-1 font-mono text-3xl font-bold tracking-widest" data-testid="reference-code">
          {d.referenceCode}
        </p>
        <p class="mt-2 text-sm text-muted-foreground">{t('success.keep')}</p>
      </section>

      <section aria-labelledby="next-h" class="card mt-5">
        <h2 id="next-h" class="text-lg font-semibold">
          {t('success.next')}
        </h2>
        <p class="mt-2 leading-relaxed">
          {d.contact.email ? t('success.bookedEmail', { email: d.contact.email }) : d.contact.phone ? t('success.bookedSms', { phone: d.contact.phoneDisplay ?? d.contact.phone }) : null}
        </p>
        <p class="mt-2 text-muted-foreground">{t('success.change')}</p>
      </section>
      <NextLinks success={d} />
    </Layout>
  );
}
