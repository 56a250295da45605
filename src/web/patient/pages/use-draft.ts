import { useEffect, useState } from 'preact/hooks';
import { validationMessage } from '@domain/patient/validation-messages';
import { api, ApiError } from '../api';
import { useI18n } from '../i18n/i18n';
import type { DraftFields, DraftResponse, PracticeResponse } from '@contracts/appointment-requests';

const DRAFT_URL = '/api/public/appointment-requests/draft';

/**
 * The server-side draft behind steps 1 and 2: what was typed comes back on reload, back and in
 * a new tab. Each field is saved when the patient leaves it (invalid values are not saved and
 * get their message beside the field); a step is saved whole before moving on.
 */
export function useDraft() {
  const { locale } = useI18n();
  const [draft, setDraft] = useState<DraftResponse | null>(null);
  const [practice, setPractice] = useState<PracticeResponse | null>(null);
  const [fields, setFields] = useState<DraftFields | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [errorKeys, setErrorKeys] = useState<Record<string, string>>({});
  const [saveState, setSaveState] = useState<'idle' | 'saving' | 'saved' | 'error'>('idle');
  /** The list of problems shows after a step was sent, not while the patient is typing. */
  const [showSummary, setShowSummary] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setLoadError(null);
    api<DraftResponse>('GET', DRAFT_URL)
      .then(async (d) => {
        const p = await api<PracticeResponse>('GET', `/api/public/practices/${encodeURIComponent(d.organization.slug)}`);
        if (!live) return;
        setDraft(d);
        setFields(d.fields);
        setPractice(p);
      })
      .catch((e: unknown) => live && setLoadError(e));
    return () => {
      live = false;
    };
  }, [attempt]);

  // Field messages are worded from their keys, so they follow a change of language; examples are the practice's country's.
  const errors = Object.fromEntries(Object.entries(errorKeys).map(([k, v]) => [k, validationMessage(locale, k, v, practice?.country)]));

  const setField = <K extends keyof DraftFields>(name: K, value: DraftFields[K]) => setFields((f) => (f ? { ...f, [name]: value } : f));

  const dropError = (name: string) =>
    setErrorKeys((k) => {
      const { [name]: _gone, ...rest } = k;
      return rest;
    });

  /** Saves one field now (on blur / change). */
  const commit = async <K extends keyof DraftFields>(name: K, value: DraftFields[K]) => {
    setField(name, value);
    setSaveState('saving');
    try {
      const d = await api<DraftResponse>('PATCH', DRAFT_URL, { [name]: value });
      setDraft(d);
      dropError(name);
      setSaveState('saved');
    } catch (e) {
      if (e instanceof ApiError && e.code === 'validation_failed') {
        setErrorKeys((k) => ({ ...k, ...e.fieldKeys }));
        setSaveState('error');
      } else {
        setSaveState('idle');
        setLoadError(e instanceof ApiError && (e.code === 'draft_not_found' || e.code === 'already_submitted') ? e : null);
      }
    }
  };

  /** Saves a whole step; answers true when every field was accepted. */
  const saveStep = async (step: 1 | 2, body: Partial<DraftFields>): Promise<boolean> => {
    try {
      const d = await api<DraftResponse>('PUT', `${DRAFT_URL}/step-${step}`, body);
      setDraft(d);
      setFields(d.fields);
      setErrorKeys({});
      setShowSummary(false);
      return true;
    } catch (e) {
      if (e instanceof ApiError && e.code === 'validation_failed') {
        setErrorKeys(e.fieldKeys);
        setShowSummary(true);
        requestAnimationFrame(() => document.getElementById('error-summary')?.focus());
        return false;
      }
      throw e;
    }
  };

  return { draft, setDraft, practice, fields, setField, commit, saveStep, errors, summary: showSummary ? errors : {}, showSummary: () => setShowSummary(true), setErrorKeys, saveState, loadError, retry: () => setAttempt((n) => n + 1) };
}
