import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { cleanupPatientPages } from './render-patient';
import { server } from './server';

/**
 * Setup of the `web` Vitest project (decision 015): MSW answers the requests a test declares and
 * refuses any other. `onUnhandledRequest: 'error'` alone only makes the fetch fail (the page then
 * shows a generic error, which a test might not notice), so the unhandled requests are also
 * collected and fail the test that made them.
 */
const unhandled: string[] = [];

// Role queries skip their check that an element is in the accessibility tree (every query walked
// each candidate's ancestors through jsdom's getComputedStyle: ~300 ms for one query in the
// organization form). jsdom applies no stylesheet, so the check only ever saw `hidden` and
// `aria-hidden`; a test that means "not shown" says so with `not.toBeInTheDocument()` or
// `not.toBeVisible()`.
//
// `findBy…` and `waitFor` wait up to 3 s rather than 1 s: a passing test never waits that long,
// and a CI machine busy with other stages should not turn a slow render into a failure.
configure({ defaultHidden: true, asyncUtilTimeout: 3000 });

beforeAll(() => {
  server.listen({
    onUnhandledRequest: (request, print) => {
      unhandled.push(`${request.method} ${request.url}`);
      print.error();
    },
  });
});

afterEach(() => {
  cleanup();
  cleanupPatientPages();
  server.resetHandlers();
  localStorage.clear();
  if (unhandled.length) {
    const list = unhandled.splice(0).join(', ');
    throw new Error(`Requests without an MSW handler: ${list}`);
  }
});

afterAll(() => server.close());

// What jsdom lacks and the components use.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!globalThis.ResizeObserver) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
window.scrollTo = () => {};
Element.prototype.scrollIntoView ??= () => {};
