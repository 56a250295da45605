/** @jsxImportSource preact */
import { useI18n } from './i18n/i18n';
import { IntakePage } from './pages/intake';
import { NotFoundPage } from './pages/not-found';
import { PortalPage } from './pages/portal';
import { RequestChoosePage } from './pages/request-choose';
import { RequestFinishPage } from './pages/request-finish';
import { RequestStartPage } from './pages/request-start';
import { RequestSuccessPage } from './pages/request-success';
import { RequestTimePage } from './pages/request-time';
import { useLocation } from './router';

/** The patient pages of PRODUCT §3, chosen by path. */
export function App() {
  useI18n(); // re-render everything when the language changes
  const { path, query } = useLocation();
  switch (path) {
    case '/request-appointment':
      return <RequestChoosePage key={query.get('org') ?? ''} slug={query.get('org')} />;
    case '/request-appointment/time':
      return <RequestTimePage key={query.get('org') ?? ''} slug={query.get('org')} />;
    case '/request-appointment/start':
      return <RequestStartPage />;
    case '/request-appointment/finish':
      return <RequestFinishPage />;
    case '/request-appointment/success':
      return <RequestSuccessPage />;
    case '/portal':
      return <PortalPage slug={query.get('org')} />;
    case '/intake':
      return <IntakePage token={query.get('token')} />;
    default:
      return <NotFoundPage />;
  }
}
