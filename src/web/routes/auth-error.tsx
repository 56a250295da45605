import { useSearchParams } from 'react-router';
import { DocumentTitle } from '@web/components/document-title';
import { authErrorContent, toAuthErrorCode } from '@web/features/session/components/auth-error-content';
import { AuthErrorPanel } from '@web/features/session/components/auth-error-panel';
import { safeNext } from '@web/lib/paths';

/** /auth/error?code=… — explains an authentication failure and offers the next step. */
export function AuthErrorRoute() {
  const [searchParams] = useSearchParams();
  // Our links say ?code=; the sign-in library's own redirects say ?error=.
  const given = searchParams.get('code') ?? searchParams.get('error');
  const code = toAuthErrorCode(given?.toLowerCase());
  const rawNext = searchParams.get('next');
  const next = rawNext ? safeNext(rawNext) : null;
  const context = searchParams.get('context') === 'invite' ? 'invite' : undefined;
  return (
    <>
      <DocumentTitle title={authErrorContent(code, { context, given }).title} />
      <AuthErrorPanel code={code} next={next} context={context} given={given} showReference />
    </>
  );
}

export { AuthErrorRoute as Component };
