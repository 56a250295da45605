/** @jsxImportSource preact */
import { INTAKE_SECTIONS, withoutHiddenAnswers } from '@domain/patient/intake-form';
import { validationMessage } from '@domain/patient/validation-messages';
import { useState } from 'preact/hooks';
import { api, ApiError } from '../api';
import { ErrorSummary } from '../components/fields';
import { Layout } from '../components/layout';
import { ErrorPanel, Loading, Notice, Panel, SaveState } from '../components/status';
import { formatDate, formatDateTime } from '../format';
import { useI18n, type MessageKey } from '../i18n/i18n';
import type { IntakeAnswers, PatientIntakeResponse, SubmitIntakeBody } from '@contracts/intake';
import { emergencyOf } from '../emergency';
import { useLoad } from '../use-load';
import { IntakeSectionForm, IntakeSectionView } from './intake-fields';

type Value = string | boolean | string[];
/** Schema errors name `answers.section.field`; the form's ids are `section.field`. */
const normalize = (keys: Record<string, string>) => Object.fromEntries(Object.entries(keys).map(([k, v]) => [k.replace(/^answers\./, ''), v]));

/** /intake?token=… — the practice's intake form for one request: saved as it goes, sent once. */
export function IntakePage({ token }: { token: string | null }) {
  const { t, locale } = useI18n();
  const headers = { 'x-intake-token': token ?? '' };
  const view = useLoad(() => api<PatientIntakeResponse>('GET', '/api/intake', undefined, headers), token ?? '');
  const [answers, setAnswers] = useState<IntakeAnswers | null>(null);
  const [errorKeys, setErrorKeys] = useState<Record<string, string>>({});
  const [saveState, setSaveState] = useState<'idle' | 'saving' | 'saved' | 'error'>('idle');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ApiError | null>(null);
  const [showSummary, setShowSummary] = useState(false);

  if (view.loading) {
    return (
      <Layout title={t('intake.title')}>
        <Loading />
      </Layout>
    );
  }
  if (!view.data) {
    const e = view.error;
    const bad = !token || (e instanceof ApiError && (e.status === 404 || e.status === 410));
    return (
      <Layout title={t('intake.invalidTitle')}>
        {bad ? (
          <Panel title={t('intake.invalidTitle')} tone="error">
            <p>{e instanceof ApiError ? e.text() : t('intake.invalidTitle')}</p>
            <a href="/portal" class="btn btn-primary no-underline">
              {t('intake.openPortal')}
            </a>
          </Panel>
        ) : (
          <ErrorPanel error={e} onRetry={view.reload} />
        )}
      </Layout>
    );
  }
  const v = view.data;
  const current = answers ?? v.answers;
  const errors = Object.fromEntries(Object.entries(errorKeys).map(([k, m]) => [k, validationMessage(locale, k, m, v.practice.country)]));
  const labels = Object.fromEntries(INTAKE_SECTIONS.flatMap((s) => s.fields.map((f) => [`${s.id}.${f.id}`, t(`intake.f.${s.id}.${f.id}` as MessageKey)])));

  const setValue = (sectionId: string, fieldId: string, value: Value) =>
    setAnswers((a) => {
      const base = a ?? v.answers;
      // "No" to insurance clears the insurer, member id…: hidden answers are not kept (nor sent).
      return withoutHiddenAnswers({ ...base, [sectionId]: { ...(base[sectionId] ?? {}), [fieldId]: value } });
    });

  const commit = async (sectionId: string, fieldId: string, value: Value) => {
    setValue(sectionId, fieldId, value);
    setSaveState('saving');
    try {
      await api<PatientIntakeResponse>('PATCH', '/api/intake', { answers: { [sectionId]: { [fieldId]: value } } }, headers);
      setErrorKeys(({ [`${sectionId}.${fieldId}`]: _gone, ...rest }) => rest);
      setSaveState('saved');
    } catch (e) {
      if (e instanceof ApiError && e.code === 'validation_failed') {
        setErrorKeys((k) => ({ ...k, ...normalize(e.fieldKeys) }));
        setSaveState('error');
      } else {
        setSaveState('idle');
        setFailure(e instanceof ApiError ? e : new ApiError(0, 'network', ''));
        if (e instanceof ApiError && e.code === 'intake_submitted') view.reload();
      }
    }
  };

  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setFailure(null);
    try {
      const sent = await api<PatientIntakeResponse>('POST', '/api/intake/submit', { answers: withoutHiddenAnswers(current) } satisfies SubmitIntakeBody, headers);
      setErrorKeys({});
      view.setData(sent);
      setAnswers(null);
      window.scrollTo(0, 0);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'validation_failed') {
        setErrorKeys(normalize(err.fieldKeys));
        setShowSummary(true);
        requestAnimationFrame(() => document.getElementById('error-summary')?.focus());
      } else setFailure(err instanceof ApiError ? err : new ApiError(0, 'network', ''));
    } finally {
      setBusy(false);
    }
  };

  const name = [v.request.firstName, v.request.lastName].filter(Boolean).join(' ');
  const sent = v.status === 'submitted';
  return (
    <Layout title={t('intake.title')} practice={emergencyOf(v.practice)}>
      <p class="text-sm font-medium text-primary">{v.practice.name}</p>
      <h1 tabIndex={-1} class="mt-1 text-2xl font-semibold tracking-tight sm:text-3xl">
        {sent ? t('intake.sentTitle') : t('intake.title')}
      </h1>
      <p class="mt-2 text-muted-foreground">
        {sent
          ? t('intake.sentBody', { practice: v.practice.name, date: v.submittedAt ? formatDateTime(v.submittedAt, v.practice, locale, false) : '' })
          : t('intake.intro', { practice: v.practice.name, code: v.request.referenceCode ?? '' })}
      </p>
      {name && <p class="mt-1 text-sm text-muted-foreground">{t('intake.patient', { name, dob: formatDate(v.request.dateOfBirth ?? '', locale, v.practice.country) })}</p>}
      {failure && (
        <div class="mt-4">
          <Notice tone="error">{failure.text()}</Notice>
        </div>
      )}

      {sent ? (
        <div class="mt-6 space-y-5">
          {INTAKE_SECTIONS.map((s) => (
            <IntakeSectionView key={s.id} section={s} answers={v.answers} country={v.practice.country} />
          ))}
        </div>
      ) : (
        <form noValidate onSubmit={submit} class="mt-6 space-y-5">
          <ErrorSummary errors={showSummary ? errors : {}} labels={labels} />
          {INTAKE_SECTIONS.map((s) => (
            <IntakeSectionForm key={s.id} section={s} answers={current} errors={errors} country={v.practice.country} onValue={setValue} onCommit={commit} />
          ))}
          <div class="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
            <SaveState state={saveState} />
            <button type="submit" class="btn btn-primary" disabled={busy}>
              {busy ? t('intake.sending') : t('intake.send')}
            </button>
          </div>
        </form>
      )}
    </Layout>
  );
}
