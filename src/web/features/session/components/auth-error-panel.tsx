import { Link } from 'react-router';
import { CircleAlert } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import type { AuthErrorCode } from '@web/lib/paths';
import * as React from 'react';
import { authErrorContent, authErrorReference, type LinkContext } from './auth-error-content';
import { AuthCard } from './auth-card';

/** Explains an authentication failure and offers the next step (used by /auth/error and the token pages). */
export function AuthErrorPanel({ code, next, context, given, showReference = false }: { code: AuthErrorCode; next?: string | null; context?: LinkContext; given?: string | null; showReference?: boolean }) {
  const content = authErrorContent(code, { next, context, given });
  const [reference] = React.useState(() => authErrorReference(code, given ?? null, new Date()));
  return (
    <AuthCard title={content.title}>
      <div className="space-y-6">
        <div className="flex gap-3">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-warning-soft-foreground" />
          <div className="space-y-2 text-sm leading-relaxed text-foreground">
            <p>{content.explanation}</p>
            <p>
              <span className="font-medium">What to do: </span>
              {content.nextStep}
            </p>
          </div>
        </div>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button asChild className="sm:flex-1">
            <Link to={content.primary.to}>{content.primary.label}</Link>
          </Button>
          {content.secondary ? (
            <Button asChild variant="outline" className="sm:flex-1">
              <Link to={content.secondary.to}>{content.secondary.label}</Link>
            </Button>
          ) : null}
        </div>
        {showReference ? (
          <p className="text-xs text-muted-foreground">
            Reference for support: <span className="select-all break-all font-mono">{reference}</span>
          </p>
        ) : null}
      </div>
    </AuthCard>
  );
}
