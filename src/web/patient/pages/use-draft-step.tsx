/** @jsxImportSource preact */
import { useEffect, useState } from 'preact/hooks';
import { ApiError } from '../api';
import { Layout } from '../components/layout';
import { ErrorPanel, Loading, Panel } from '../components/status';
import { useI18n } from '../i18n/i18n';
import { navigate, onLinkClick } from '../router';
import type { DraftFields } from '@contracts/appointment-requests';
import { useDraft } from './use-draft';

const SUCCESS = '/request-appointment/success';

/**
 * The plumbing of a request step (1 and 2): the draft, a sent draft going on to the success page,
 * and sending the step with `busy` and `sendError` while and after it goes.
 */
export function useDraftStep() {
  const d = useDraft();
  const [busy, setBusy] = useState(false);
  const [sendError, setSendError] = useState<unknown>(null);

  useEffect(() => {
    if (d.draft?.status === 'submitted') navigate(SUCCESS, { replace: true });
  }, [d.draft?.status]);

  /** Saves the whole step; `onSaved` runs when every field was accepted. */
  const sendStep = async (step: 1 | 2, body: Partial<DraftFields>, onSaved: () => void) => {
    setBusy(true);
    setSendError(null);
    try {
      if (await d.saveStep(step, body)) onSaved();
    } catch (err) {
      setSendError(err);
    } finally {
      setBusy(false);
    }
  };

  return { ...d, busy, setBusy, sendError, setSendError, sendStep };
}

/** Until the draft is there: its problem, or a loading page titled like the step. */
export function DraftPending({ title, loadError, onRetry }: { title: string; loadError: unknown; onRetry: () => void }) {
  if (loadError) return <DraftProblem error={loadError} onRetry={onRetry} />;
  return (
    <Layout title={title}>
      <Loading />
    </Layout>
  );
}

/** Draft problems (expired, tampered, already sent) get a page of their own. */
export function DraftProblem({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useI18n();
  useEffect(() => {
    if (error instanceof ApiError && error.code === 'already_submitted') navigate(SUCCESS, { replace: true });
  }, [error]);
  if (error instanceof ApiError && error.code === 'draft_not_found') {
    return (
      <Layout title={t('draft.expiredTitle')}>
        <Panel title={t('draft.expiredTitle')}>
          <p>{error.text()}</p>
          <a href="/request-appointment" class="btn btn-primary no-underline" onClick={onLinkClick}>
            {t('draft.startAgain')}
          </a>
        </Panel>
      </Layout>
    );
  }
  return (
    <Layout title={t('common.errorTitle')}>
      <ErrorPanel error={error} onRetry={onRetry} />
    </Layout>
  );
}
