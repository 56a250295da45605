/** @jsxImportSource preact */
import type { ComponentChildren } from 'preact';
import { useEffect } from 'preact/hooks';
import { setLocale, useI18n, type PatientLocale } from '../i18n/i18n';

export interface EmergencyInfo {
  emergencyNumber: string;
}

const LANGUAGES: { code: PatientLocale; name: string }[] = [
  { code: 'en', name: 'English' },
  { code: 'es', name: 'Español' },
];

let firstPage = true;

/**
 * The frame of every patient page: header with the language switch, the emergency notice,
 * the page, a footer. Sets the document title, and after an in-app navigation moves focus to
 * the page's heading so screen readers announce the new page.
 */
export function Layout({ title, practice, children }: { title: string; practice?: EmergencyInfo | null; children: ComponentChildren }) {
  const { t } = useI18n();
  useEffect(() => {
    document.title = `${title} · Switchboard`;
  }, [title]);
  useEffect(() => {
    if (firstPage) {
      firstPage = false;
      return;
    }
    document.querySelector<HTMLElement>('main h1')?.focus();
  }, []);
  return (
    <div class="flex min-h-dvh flex-col">
      <a href="#main" class="sr-only focus:not-sr-only focus:absolute focus:left-3 focus:top-3 focus:z-10 focus:rounded-md focus:bg-card focus:px-3 focus:py-2">
        {t('app.skip')}
      </a>
      <header class="border-b border-border bg-card">
        <div class="mx-auto flex max-w-3xl items-center justify-between gap-3 px-4 py-3">
          <a href="/" class="flex items-center gap-2 font-semibold text-foreground no-underline">
            <span aria-hidden="true" class="inline-flex size-8 items-center justify-center rounded-lg bg-primary text-sm font-bold text-primary-foreground">
              S
            </span>
            <span>
              {t('app.brand')} <span class="hidden font-normal text-muted-foreground sm:inline">· {t('app.area')}</span>
            </span>
          </a>
          <LanguageSwitch />
        </div>
      </header>
      <main id="main" tabIndex={-1} class="mx-auto w-full max-w-3xl flex-1 px-4 py-6 sm:py-8">
        <EmergencyNotice practice={practice} />
        {children}
      </main>
      <footer class="border-t border-border bg-card">
        <div class="mx-auto flex max-w-3xl flex-col gap-2 px-4 py-5 text-sm text-muted-foreground sm:flex-row sm:justify-between">
          <p>{t('footer.secure')}</p>
          <a href="/login" class="link">
            {t('footer.staff')}
          </a>
        </div>
      </footer>
    </div>
  );
}

function LanguageSwitch() {
  const { t, locale } = useI18n();
  return (
    <div role="group" aria-label={t('lang.label')} class="flex rounded-md border border-input p-0.5">
      {LANGUAGES.map((l) => (
        <button
          key={l.code}
          type="button"
          lang={l.code}
          aria-pressed={locale === l.code}
          onClick={() => setLocale(l.code)}
          class={`min-h-9 rounded px-3 text-sm font-medium ${locale === l.code ? 'bg-primary text-primary-foreground' : 'text-foreground hover:bg-muted'}`}
        >
          {l.name}
        </button>
      ))}
    </div>
  );
}

/** On every page: emergencies go to emergency services, not to a web form. */
export function EmergencyNotice({ practice }: { practice?: EmergencyInfo | null }) {
  const { t } = useI18n();
  // The web's own words, in the page's language, with the number of the practice's country.
  const text = practice ? t('emergency.default', { number: practice.emergencyNumber }) : t('emergency.generic');
  return (
    <aside aria-label={t('emergency.title')} class="mb-6 flex gap-3 rounded-lg border border-red-200 bg-destructive-soft px-4 py-3 text-destructive-soft-foreground">
      <svg aria-hidden="true" viewBox="0 0 24 24" class="mt-0.5 size-5 shrink-0" fill="none" stroke="currentColor" stroke-width="2">
        <path d="M12 9v4m0 4h.01M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z" />
      </svg>
      <p class="text-sm leading-relaxed">
        <strong class="font-semibold">{t('emergency.title')}</strong> {text}
      </p>
    </aside>
  );
}
