/** @jsxImportSource preact */
import type { OpenTime } from '@contracts/calendars';
import type { DraftResponse, PracticeResponse, StartDraftBody } from '@contracts/appointment-requests';
import type { BookableVisitType } from '@contracts/public-booking';
import { useState } from 'preact/hooks';
import { api, ApiError } from '../api';
import { bookingOptions, holdTime, nextTimesOf, openTimes, releaseHold } from '../booking-api';
import { ChoiceGroup } from '../components/fields';
import { visitName, VisitWhen } from '../components/held-time';
import { Layout } from '../components/layout';
import { ErrorPanel, Loading, Notice, Panel } from '../components/status';
import { TimePicker } from '../components/time-picker';
import { emergencyOf } from '../emergency';
import { formatDay, formatTimeIn } from '../format';
import { useI18n } from '../i18n/i18n';
import { navigate, onLinkClick } from '../router';
import { useLoad } from '../use-load';

const DRAFT = '/api/public/appointment-requests/draft';

/** Starts (or resumes) this browser's request for the practice. */
const startDraft = (slug: string) => api<DraftResponse>('POST', DRAFT, { organization: slug } satisfies StartDraftBody);

/**
 * /request-appointment/time?org=slug — pick a time (issue 31 §4): the visit (those the practice
 * books online), whether the patient has been seen before when the visit asks for it, a clinician
 * or the first available, and an open time. "Continue" holds it for the request, then the patient
 * gives their details as in any request. A time taken meanwhile says so and offers the next ones.
 */
export function RequestTimePage({ slug }: { slug: string | null }) {
  const { t } = useI18n();
  const practice = useLoad(() => (slug ? api<PracticeResponse>('GET', `/api/public/practices/${encodeURIComponent(slug)}`) : Promise.reject(new ApiError(404, 'practice_not_found', ''))), `practice-${slug}`);
  const options = useLoad(() => (slug ? bookingOptions(slug) : Promise.reject(new ApiError(404, 'practice_not_found', ''))), `booking-${slug}`);

  if (practice.loading || options.loading) {
    return (
      <Layout title={t('time.title')}>
        <Loading />
      </Layout>
    );
  }
  if (!practice.data || !options.data || !slug) {
    const missing = practice.error instanceof ApiError && practice.error.status === 404;
    return (
      <Layout title={t('time.title')}>
        {missing ? (
          <Panel title={t('practice.notFound')}>
            <a href="/request-appointment" class="link" onClick={onLinkClick}>
              {t('practice.other')}
            </a>
          </Panel>
        ) : (
          <ErrorPanel error={practice.error ?? options.error} onRetry={() => {
              practice.reload();
              options.reload();
            }} />
        )}
      </Layout>
    );
  }
  return <TimeChoice slug={slug} practice={practice.data} visitTypes={options.data.visitTypes} holdMinutes={options.data.holdMinutes} />;
}

function TimeChoice({ slug, practice: p, visitTypes, holdMinutes }: { slug: string; practice: PracticeResponse; visitTypes: BookableVisitType[]; holdMinutes: number }) {
  const { t, locale } = useI18n();
  const [typeId, setTypeId] = useState(visitTypes.length === 1 ? visitTypes[0]!.id : '');
  const [seen, setSeen] = useState<'' | 'returning' | 'new'>('');
  const [selected, setSelected] = useState<OpenTime | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const clock = { timeZone: p.timeZone, country: p.country };
  const type = visitTypes.find((v) => v.id === typeId);
  const blocked = type && !type.newPatientsAllowed && seen !== 'returning';
  const refusedWith = nextTimesOf(error);

  const choose = (id: string) => {
    setTypeId(id);
    setSelected(null);
    setError(null);
  };
  const pick = (time: OpenTime) => {
    setSelected(time);
    setError(null);
    requestAnimationFrame(() => document.getElementById('choice-h')?.focus());
  };

  const hold = async (time: OpenTime) => {
    if (!type) return;
    setBusy(true);
    setError(null);
    try {
      await startDraft(slug);
      await holdTime({ visitTypeId: type.id, clinicianId: time.clinicianId, start: time.start, isNewPatient: seen === '' ? null : seen === 'new' });
      navigate('/request-appointment/start');
    } catch (e) {
      setError(e);
      setBusy(false);
      if (nextTimesOf(e).length || (e instanceof ApiError && e.status === 409)) {
        setSelected(null);
        setReloadKey((k) => k + 1);
        requestAnimationFrame(() => document.getElementById('refused')?.focus());
      }
    }
  };

  const ratherCall = async () => {
    setBusy(true);
    setError(null);
    try {
      await startDraft(slug);
      await releaseHold().catch(() => undefined);
      navigate('/request-appointment/start');
    } catch (e) {
      setError(e);
      setBusy(false);
    }
  };

  return (
    <Layout title={`${t('time.title')} · ${p.name}`} practice={emergencyOf(p)}>
      <p class="text-sm font-medium text-primary">
        {t('choose.title')} · {p.name}
      </p>
      <h1 tabIndex={-1} class="mt-1 text-2xl font-semibold tracking-tight sm:text-3xl">
        {t('time.title')}
      </h1>
      <p class="mt-2 text-muted-foreground">{t('time.intro', { practice: p.name })}</p>

      {visitTypes.length === 0 ? (
        <div class="mt-6">
          <Panel title={t('time.title')} heading="h2">
            <p>{t('time.noVisits')}</p>
          </Panel>
        </div>
      ) : (
        <div class="card mt-6 space-y-6">
          <fieldset>
            <legend class="mb-1.5 font-medium">{t('time.visitType')}</legend>
            <div class="grid gap-2 sm:grid-cols-2">
              {visitTypes.map((v) => (
                <label key={v.id} class={`flex min-h-11 cursor-pointer items-start gap-3 rounded-md border px-3 py-2.5 ${v.id === typeId ? 'border-primary bg-primary-soft' : 'border-input bg-card'}`}>
                  <input type="radio" name="visitType" value={v.id} checked={v.id === typeId} onChange={() => choose(v.id)} class="mt-0.5 size-5 shrink-0 accent-[var(--color-primary)]" />
                  <span>
                    <span class="block font-medium">{visitName(v, locale)}</span>
                    <span class="block text-sm text-muted-foreground">
                      {t('time.minutes', { n: v.lengthMinutes })}
                      {!v.newPatientsAllowed && ` · ${t('time.returningOnly')}`}
                    </span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>

          {type && !type.newPatientsAllowed && (
            <ChoiceGroup
              id="seenBefore"
              label={t('time.seenBefore', { practice: p.name })}
              options={[
                { value: 'returning', label: t('f.isNewPatient.returning') },
                { value: 'new', label: t('f.isNewPatient.new') },
              ]}
              value={seen}
              onCommit={(v) => setSeen(v as 'returning' | 'new')}
            />
          )}
          {type && seen === 'new' && !type.newPatientsAllowed && <Notice tone="warning">{t('time.newNotBooked', { visit: visitName(type, locale) })}</Notice>}

          {!type && <p class="text-muted-foreground">{t('time.chooseType')}</p>}
          {type && !blocked && (
            <TimePicker
              key={type.id}
              id="times"
              clock={clock}
              clinicians={type.clinicians}
              load={(q) => openTimes(slug, type.id, q)}
              selected={selected}
              onSelect={pick}
              reloadKey={reloadKey}
            />
          )}
        </div>
      )}

      {error !== null && (
        <div id="refused" tabIndex={-1} class="mt-5">
          <Notice tone="error">
            <p>{refusedWith.length ? t(error instanceof ApiError && error.code === 'slot_unavailable' ? 'time.unavailable' : 'time.taken') : error instanceof ApiError ? error.text() : t('common.network')}</p>
            {refusedWith.length > 0 && (
              <ul class="mt-2 flex flex-wrap gap-2">
                {refusedWith.map((x) => (
                  <li key={x.start}>
                    <button type="button" class="btn btn-secondary" onClick={() => pick(x)}>
                      {formatDay(x.startLocal.slice(0, 10), clock.country)} {formatTimeIn(x.start, clock.timeZone, locale, clock.country)} · {x.clinicianName}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </Notice>
        </div>
      )}

      {selected && type && (
        <section aria-labelledby="choice-h" class="card mt-5 border-primary">
          <h2 id="choice-h" tabIndex={-1} class="text-sm font-medium text-primary">
            {t('time.selected')}
          </h2>
          <VisitWhen start={selected.start} clock={clock} />
          <p class="mt-1">
            {visitName(type, locale)} · {t('time.minutes', { n: type.lengthMinutes })} · {t('time.with', { clinician: selected.clinicianName })}
          </p>
          <p class="text-sm text-muted-foreground">{selected.locationName}</p>
          <p class="mt-3 text-sm">{t('time.keep', { n: holdMinutes })}</p>
          <button type="button" class="btn btn-primary mt-4 w-full sm:w-auto" onClick={() => hold(selected)} disabled={busy}>
            {busy ? t('time.holding') : t('time.continue')}
          </button>
        </section>
      )}

      <div class="mt-6 flex flex-col gap-3 border-t border-border pt-5 sm:flex-row sm:items-center sm:justify-between">
        <a href={`/request-appointment?org=${encodeURIComponent(slug)}`} class="btn btn-secondary no-underline" onClick={onLinkClick}>
          {t('common.back')}
        </a>
        <button type="button" class="link text-left" onClick={ratherCall} disabled={busy}>
          {t('time.ratherCall')}
        </button>
      </div>
    </Layout>
  );
}
