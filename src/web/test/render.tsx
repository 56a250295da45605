import * as React from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, type RenderResult } from '@testing-library/react';
import { userEvent, type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, parsePath, RouterProvider, useRouteError } from 'react-router';
import { ToastProvider } from '@web/components/ui/toast';
import { sessionQueryOptions } from '@web/lib/queries/get-session';
import { server } from './server';
import { signedIn, type TestSession } from './fixtures';

export interface RenderPageOptions {
  /** The address the page opens at, with its query string (`/calls?status=completed`). */
  url?: string;
  /** The route pattern the element is mounted at; the path of `url` when omitted. */
  path?: string;
  /**
   * Who is signed in (staff pages read the session through `useSignedInSession`). The session
   * is put in the query cache and `GET /api/session` answers it, as the staff layout would have
   * loaded it; `null` renders signed out.
   */
  session?: TestSession | null;
  /** The history state of the opened entry (what a reload of that tab brings back). */
  state?: unknown;
}

export interface RenderPageResult extends RenderResult {
  user: UserEvent;
  queryClient: QueryClient;
  router: ReturnType<typeof createMemoryRouter>;
  /** The current address's query, as the page last wrote it. */
  searchParams: () => URLSearchParams;
  pathname: () => string;
}

/** A query client like the app's, but fresh per test and without retries (a failure shows at once). */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 15_000 },
      mutations: { retry: false },
    },
  });
}

/** An error thrown while rendering, shown as text (React Router's own screen would hide it) and logged. */
function ShowRouteError() {
  const error = useRouteError();
  console.error(error);
  return <p role="alert">Route error: {error instanceof Error ? error.message : String(error)}</p>;
}

/**
 * Renders a page or component as the app would: inside a fresh QueryClient, the toasts, and a
 * memory data router (so `useSearchParams`, `useBlocker` and links work), at `url`. Other paths
 * render "Another page" so a navigation is visible.
 */
export function renderPage(ui: React.ReactElement, { url = '/', path, session = signedIn(), state }: RenderPageOptions = {}): RenderPageResult {
  const queryClient = createTestQueryClient();
  if (session !== null) {
    queryClient.setQueryData(sessionQueryOptions().queryKey, session);
    server.use(http.get('/api/session', () => HttpResponse.json(session)));
  }
  const routePath = path ?? new URL(url, 'http://localhost').pathname;
  const router = createMemoryRouter(
    [
      { path: routePath, element: ui, errorElement: <ShowRouteError /> },
      { path: '*', element: <p>Another page</p> },
    ],
    { initialEntries: [state === undefined ? url : { ...parsePath(url), state }] },
  );
  // No pause between keys: typing a sentence then takes milliseconds, not a tick per key.
  const user = userEvent.setup({ delay: null });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return {
    ...result,
    user,
    queryClient,
    router,
    searchParams: () => new URLSearchParams(router.state.location.search),
    pathname: () => router.state.location.pathname,
  };
}

/**
 * The alert (`role="alert"`) that says `text`. The toasts keep an empty assertive region on the
 * page, so "the" alert is the one with the words.
 */
export function findAlert(text: string | RegExp): Promise<HTMLElement> {
  return waitFor(() => {
    const found = screen.getAllByRole('alert').find((el) => (typeof text === 'string' ? el.textContent?.includes(text) : text.test(el.textContent ?? '')));
    if (!found) throw new Error(`No alert says ${String(text)}`);
    return found;
  });
}
