/** @jsxImportSource preact */
import type { ComponentChildren } from 'preact';
import { ApiError } from '../api';
import { useI18n } from '../i18n/i18n';

/** Loading: a quiet skeleton that appears only if loading takes a moment. */
export function Loading() {
  const { t } = useI18n();
  return (
    <div role="status" aria-live="polite" class="min-h-[80vh] space-y-4">
      <span class="sr-only">{t('common.loading')}</span>
      <div aria-hidden="true" class="h-8 w-2/3 animate-pulse rounded-md bg-secondary" />
      <div aria-hidden="true" class="h-4 w-full animate-pulse rounded bg-secondary" />
      <div aria-hidden="true" class="h-4 w-5/6 animate-pulse rounded bg-secondary" />
      <div aria-hidden="true" class="h-32 w-full animate-pulse rounded-xl bg-muted" />
    </div>
  );
}

/** A full-width message in place of the page (errors, expired links, empty states). */
export function Panel({ title, tone = 'neutral', heading = 'h1', children }: { title: string; tone?: 'neutral' | 'error' | 'success'; heading?: 'h1' | 'h2'; children?: ComponentChildren }) {
  const tones = {
    neutral: 'border-border bg-card',
    error: 'border-red-200 bg-card',
    success: 'border-green-200 bg-card',
  };
  return (
    <section class={`rounded-xl border p-6 ${tones[tone]}`}>
      {heading === 'h1' ? (
        <h1 tabIndex={-1} class="text-2xl font-semibold tracking-tight">
          {title}
        </h1>
      ) : (
        <h2 class="text-xl font-semibold">{title}</h2>
      )}
      <div class="mt-3 space-y-4 leading-relaxed text-muted-foreground">{children}</div>
    </section>
  );
}

export function ErrorPanel({ error, onRetry, children }: { error: unknown; onRetry?: () => void; children?: ComponentChildren }) {
  const { t } = useI18n();
  const message = error instanceof ApiError ? error.text() : t('common.network');
  return (
    <Panel title={t('common.errorTitle')} tone="error">
      <p role="alert">{message}</p>
      {children}
      {onRetry && (
        <button type="button" class="btn btn-secondary" onClick={onRetry}>
          {t('common.retry')}
        </button>
      )}
    </Panel>
  );
}

/** Inline notice above a form (a failed send, a saved state). */
export function Notice({ tone, children }: { tone: 'error' | 'info' | 'success' | 'warning'; children: ComponentChildren }) {
  const tones = {
    error: 'border-red-200 bg-destructive-soft text-destructive-soft-foreground',
    info: 'border-blue-200 bg-info-soft text-info-soft-foreground',
    success: 'border-green-200 bg-success-soft text-success-soft-foreground',
    warning: 'border-amber-200 bg-warning-soft text-warning-soft-foreground',
  };
  // A live region, so a notice that appears after an action (a wrong code, a sent message) is
  // announced by screen readers: errors at once (alert), the rest politely (status).
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} class={`rounded-lg border px-4 py-3 text-sm ${tones[tone]}`}>
      {children}
    </div>
  );
}

/** "Saving…" / "Saved" for screen readers and eyes, beside a form that saves as the patient types. */
export function SaveState({ state }: { state: 'idle' | 'saving' | 'saved' | 'error' }) {
  const { t } = useI18n();
  const text = state === 'saving' ? t('common.saving') : state === 'saved' ? t('common.saved') : state === 'error' ? t('common.notSaved') : '';
  return (
    <p aria-live="polite" class={`min-h-5 text-sm ${state === 'error' ? 'text-destructive' : 'text-muted-foreground'}`}>
      {text}
    </p>
  );
}
