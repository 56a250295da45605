import { Fragment } from 'react';
import { cn } from '@web/lib/utils';

/**
 * An e-mail address that wraps, when it must, before its "@" or a "." or after a hyphen —
 * "maria.lopez" / "@switchboard" / ".demo" — and never inside a word, whatever its container's
 * own wrapping.
 */
export function EmailAddress({ email, className }: { email: string; className?: string }) {
  const parts = email.split(/(?=[@.])|(?<=-)/);
  return (
    <span className={cn('[overflow-wrap:normal]', className)}>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
