import { useEffect, useState } from 'preact/hooks';
import { en, type MessageKey } from './en';
import { es } from './es';
import type { PatientLocale } from '@domain/patient/locale';

export type { MessageKey, PatientLocale };

const DICTIONARIES: Record<PatientLocale, Record<MessageKey, string>> = { en, es };
const STORAGE_KEY = 'sb.locale';
const COOKIE = 'sb_locale';

/**
 * The patient's language: what they chose (kept in localStorage and a cookie, so it is
 * remembered across pages, tabs and visits), otherwise the browser's.
 */
function initialLocale(): PatientLocale {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (stored === 'en' || stored === 'es') return stored;
  } catch {
    /* storage blocked: fall through */
  }
  const cookie = /(?:^|;\s*)sb_locale=(en|es)/.exec(document.cookie)?.[1];
  if (cookie === 'en' || cookie === 'es') return cookie;
  return navigator.language.toLowerCase().startsWith('es') ? 'es' : 'en';
}

let current: PatientLocale = initialLocale();
const listeners = new Set<(l: PatientLocale) => void>();
document.documentElement.lang = current;

export function getLocale(): PatientLocale {
  return current;
}

export function setLocale(locale: PatientLocale): void {
  current = locale;
  document.documentElement.lang = locale;
  try {
    localStorage.setItem(STORAGE_KEY, locale);
  } catch {
    /* private mode: the cookie still remembers */
  }
  document.cookie = `${COOKIE}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax`;
  for (const l of listeners) l(locale);
}

/** Text in the current language; `{name}` placeholders filled from `params`. */
export function translate(key: MessageKey, params?: Record<string, string | number>): string {
  let text = DICTIONARIES[current][key] ?? en[key] ?? key;
  if (params) for (const [k, v] of Object.entries(params)) text = text.split(`{${k}}`).join(String(v));
  return text;
}

/** Re-renders the component when the language changes; answers `t` and the locale. */
export function useI18n(): { t: typeof translate; locale: PatientLocale } {
  const [locale, setState] = useState(current);
  useEffect(() => {
    listeners.add(setState);
    return () => void listeners.delete(setState);
  }, []);
  return { t: translate, locale };
}

/** The Intl locale for dates and numbers. */
export const intlLocale = (locale: PatientLocale) => (locale === 'es' ? 'es-US' : 'en-US');
