import { useSearchParams } from 'react-router';
import { DocumentTitle } from '@web/components/document-title';
import { authErrorContent, toAuthErrorCode } from '@web/features/session/components/auth-error-content';
import { AuthErrorPanel } from '@web/features/session/components/auth-error-panel';
import { safeNext } from '@web/lib/paths';

/** /auth/error?code=… — explains an authentication failure and offers the next step. */
export function AuthErrorRoute() {
  const [searchParams] = useSearchParams();
  const code = toAuthErrorCode(searchParams.get('code'));
  const rawNext = searchParams.get('next');
  const next = rawNext ? safeNext(rawNext) : null;
  const context = searchParams.get('context') === 'invite' ? 'invite' : undefined;
  return (
    <>
      <DocumentTitle title={authErrorContent(code, { context }).title} />
      <AuthErrorPanel code={code} next={next} context={context} />
    </>
  );
}

export { AuthErrorRoute as Component };
