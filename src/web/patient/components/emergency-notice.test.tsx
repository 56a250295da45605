/** @jsxImportSource preact */
import { screen } from '@testing-library/dom';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPatientPage } from '@web/test/render-patient';
import { setLocale } from '../i18n/i18n';
import { emergencyOf } from '../emergency';
import { EmergencyNotice } from './layout';

afterEach(() => act(() => setLocale('en')));

/** What the practice's public endpoints answer: the country's number (the phone's message is not sent). */
const practice = (emergencyNumber: string) => emergencyOf({ emergencyNumber });

describe('the emergency notice of the web pages (issue 28)', () => {
  it('says the web’s own words, never the phone’s “hang up”, with the number of the practice’s country', () => {
    renderPatientPage(<EmergencyNotice practice={practice('911')} />);
    const notice = screen.getByRole('complementary', { name: 'Emergency?' });
    expect(notice).toHaveTextContent('Emergency? If this is an emergency, call 911 now; do not use this form.');
    expect(notice).not.toHaveTextContent(/hang up/i);
  });

  it('says 999 for a practice in the UK', () => {
    renderPatientPage(<EmergencyNotice practice={practice('999')} />);
    expect(screen.getByRole('complementary', { name: 'Emergency?' })).toHaveTextContent('If this is an emergency, call 999 now; do not use this form.');
  });

  it('speaks Spanish when the patient chose it', () => {
    act(() => setLocale('es'));
    renderPatientPage(<EmergencyNotice practice={practice('911')} />);
    expect(screen.getByRole('complementary', { name: '¿Es una emergencia?' })).toHaveTextContent('Si es una emergencia, llame al 911 ahora; no use este formulario.');
  });
});
