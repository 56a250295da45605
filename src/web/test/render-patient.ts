import { render, type ComponentChild } from 'preact';
import { act } from 'preact/test-utils';
import { userEvent, type UserEvent } from '@testing-library/user-event';

/**
 * Renders a public patient page (Preact, decision 009) for a test, at `url` (the pages read
 * `location` themselves). Query the page with `@testing-library/dom` (`screen`, `waitFor`):
 * @testing-library/react would render through React DOM, and @testing-library/preact brings an
 * older @testing-library/dom of its own; Preact's `render` and `act` are all this needs
 * (decision 015).
 */
const mounted = new Set<HTMLElement>();

export function renderPatientPage(ui: ComponentChild, { url = '/' }: { url?: string } = {}): { user: UserEvent; container: HTMLElement } {
  window.history.replaceState(null, '', url);
  const container = document.body.appendChild(document.createElement('div'));
  mounted.add(container);
  act(() => render(ui, container));
  return { user: userEvent.setup({ delay: null }), container };
}

/** Unmounts what `renderPatientPage` mounted (run after each test by src/web/test/setup.ts). */
export function cleanupPatientPages(): void {
  for (const container of mounted) {
    act(() => render(null, container));
    container.remove();
  }
  mounted.clear();
}
