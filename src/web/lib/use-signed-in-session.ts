import type { Session } from '@contracts/session';
import { useSession } from './queries/get-session';

/**
 * The session inside the staff area. The staff layout renders its pages only once the
 * session is loaded and signed in, so pages can rely on it.
 */
export function useSignedInSession(): Session {
  const { data } = useSession();
  if (!data) throw new Error('useSignedInSession used outside the signed-in staff layout');
  return data;
}
