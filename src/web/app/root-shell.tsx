import * as React from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';

/** Top-level route element: page-load progress bar, scroll restoration, focus on navigation. */
export function RootShell() {
  useFocusMainOnNavigation();
  return (
    <>
      <NavigationProgress />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div aria-hidden="true" className="fixed inset-x-0 top-0 z-[70] h-0.5 overflow-hidden bg-primary-soft">
      <div className="h-full w-2/5 animate-progress bg-primary" />
    </div>
  );
}

/**
 * After a client-side navigation, move focus to the new page's <main> so keyboard and
 * screen-reader users start at the content (not on the link they used). Not on first load.
 */
function useFocusMainOnNavigation() {
  const { pathname } = useLocation();
  const previous = React.useRef(pathname);
  React.useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    const main = document.getElementById('main');
    if (main && !main.contains(document.activeElement)) main.focus({ preventScroll: true });
  }, [pathname]);
}

/** Shown while the first route's code loads; appears only if that takes a moment. */
export function RouteFallback() {
  return (
    <div role="status" className="flex min-h-dvh items-center justify-center delayed-appear">
      <span className="sr-only">Loading…</span>
      <span aria-hidden="true" className="size-6 animate-spin rounded-full border-2 border-primary border-t-transparent" />
    </div>
  );
}
