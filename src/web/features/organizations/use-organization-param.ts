import * as React from 'react';
import { useSearchParams } from 'react-router';
import type { SessionOrganization } from '@contracts/session';

const STORAGE_KEY = 'switchboard.organization';
export const ALL_ORGANIZATIONS = 'all';

function readStored(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

function writeStored(value: string): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, value);
  } catch {
    // storage unavailable (private mode): the URL still carries the choice
  }
}

/**
 * The organization a page is about: the `org` search parameter if it names one of the
 * user's organizations, else the last one chosen (localStorage), else the first (or "all"
 * when `allowAll`). Choosing one updates the URL (shareable, back button) and localStorage.
 */
export function useOrganizationParam(
  organizations: readonly SessionOrganization[],
  { allowAll = false }: { allowAll?: boolean } = {},
): [string | null, (organizationId: string) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const valid = React.useMemo(() => new Set(organizations.map((o) => o.id)), [organizations]);
  const isValid = (id: string | null): id is string => !!id && (valid.has(id) || (allowAll && id === ALL_ORGANIZATIONS));

  const fromUrl = searchParams.get('org');
  const stored = readStored();
  const current = isValid(fromUrl)
    ? fromUrl
    : isValid(stored)
      ? stored
      : allowAll
        ? ALL_ORGANIZATIONS
        : (organizations[0]?.id ?? null);

  const select = React.useCallback(
    (organizationId: string) => {
      writeStored(organizationId);
      setSearchParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set('org', organizationId);
          return next;
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );

  return [current, select];
}
