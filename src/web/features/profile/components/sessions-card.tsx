import * as React from 'react';
import { LogOut, Monitor, Smartphone, Tablet, Globe } from 'lucide-react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@web/components/ui/alert-dialog';
import { RelativeTime } from '@web/components/relative-time';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { useToast } from '@web/components/ui/toast';
import { errorMessage } from '@web/lib/api';
import { useReturnFocus } from '@web/lib/use-return-focus';
import { useSessions } from '../api/list-sessions';
import { useRevokeOtherSessions } from '../api/revoke-other-sessions';
import { useRevokeSession } from '../api/revoke-session';
import { describeUserAgent } from '../describe-user-agent';
import type { ActiveSession } from '@contracts/profile';

const KIND_ICONS = { phone: Smartphone, tablet: Tablet, computer: Monitor, other: Globe } as const;

/** Where the user is signed in, with "sign out" per device and "everywhere else". */
export function SessionsCard() {
  const sessions = useSessions();
  const revokeOthers = useRevokeOtherSessions();
  const { toast } = useToast();
  const [confirming, setConfirming] = React.useState(false);
  const others = (sessions.data ?? []).filter((session) => !session.current);
  const returnFocus = useReturnFocus(confirming);

  const signOutEverywhereElse = () =>
    revokeOthers.mutate(undefined, {
      onSuccess: ({ revoked }) => {
        setConfirming(false);
        toast({
          title: revoked === 0 ? 'No other devices were signed in' : 'Signed out everywhere else',
          description: revoked > 0 ? `${revoked} other ${revoked === 1 ? 'session was' : 'sessions were'} ended.` : undefined,
        });
      },
    });

  return (
    <Card>
      <CardHeader>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="space-y-1.5">
            <CardTitle>Where you're signed in</CardTitle>
            <CardDescription>
              Devices with an active session. Sessions end after 30 minutes without activity. If you don't recognise one, sign it out
              and change your password.
            </CardDescription>
          </div>
          {others.length > 0 ? (
            <Button variant="outline" className="self-start" onClick={() => setConfirming(true)}>
              <LogOut aria-hidden="true" />
              Sign out everywhere else
            </Button>
          ) : null}
        </div>
      </CardHeader>
      <CardContent>
        {sessions.isPending ? (
          <div role="status" className="space-y-3">
            <span className="sr-only">Loading your sessions…</span>
            {[0, 1].map((i) => (
              <div key={i} className="flex items-center gap-3 rounded-lg border border-border p-4">
                <Skeleton className="size-9 rounded-md" />
                <div className="flex-1 space-y-2">
                  <Skeleton className="h-4 w-40" />
                  <Skeleton className="h-3 w-64 max-w-full" />
                </div>
              </div>
            ))}
          </div>
        ) : sessions.isError ? (
          <Alert variant="destructive" title="Your sessions could not be loaded.">
            <p>{errorMessage(sessions.error)}</p>
            <Button variant="outline" size="sm" className="mt-2" onClick={() => void sessions.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : (
          <ul className="space-y-3">
            {sessions.data.map((session) => (
              <SessionRow key={session.id} session={session} />
            ))}
            {others.length === 0 ? (
              <li className="text-sm text-muted-foreground">You are not signed in anywhere else.</li>
            ) : null}
          </ul>
        )}
      </CardContent>

      <AlertDialog open={confirming} onOpenChange={(open) => (open ? setConfirming(true) : (setConfirming(false), revokeOthers.reset()))}>
        <AlertDialogContent onCloseAutoFocus={returnFocus}>
          <AlertDialogHeader>
            <AlertDialogTitle>Sign out everywhere else?</AlertDialogTitle>
            <AlertDialogDescription>
              Every other device and browser ({others.length}) is signed out at once. You stay signed in here.
            </AlertDialogDescription>
          </AlertDialogHeader>
          {revokeOthers.error ? (
            <Alert variant="destructive" assertive>
              {errorMessage(revokeOthers.error)}
            </Alert>
          ) : null}
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <Button variant="destructive" loading={revokeOthers.isPending} onClick={signOutEverywhereElse}>
              Sign out {others.length === 1 ? 'the other device' : `${others.length} other devices`}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  );
}

function SessionRow({ session }: { session: ActiveSession }) {
  const revoke = useRevokeSession();
  const { toast } = useToast();
  const device = describeUserAgent(session.userAgent);
  const Icon = KIND_ICONS[device.kind];

  const signOut = () =>
    revoke.mutate(session.id, {
      onSuccess: () => toast({ title: 'Signed out', description: `${device.label} was signed out.` }),
      onError: (error) => toast({ variant: 'error', title: 'Could not sign out that device', description: errorMessage(error) }),
    });

  return (
    <li className="flex flex-col gap-3 rounded-lg border border-border p-4 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground">
          <Icon aria-hidden="true" className="size-4" />
        </span>
        <div className="min-w-0 space-y-1">
          <p className="flex flex-wrap items-center gap-2 font-medium">
            {device.label}
            {session.current ? <Badge variant="success">This device</Badge> : null}
          </p>
          <p className="text-sm text-muted-foreground">
            IP address {session.ipAddress || 'unknown'}
            <span aria-hidden="true"> · </span>
            <span className="sr-only">, </span>
            signed in{' '}
            <RelativeTime value={session.createdAt} />
            <span aria-hidden="true"> · </span>
            <span className="sr-only">, </span>
            {session.current ? (
              'active now'
            ) : (
              <>
                last active{' '}
                <RelativeTime value={session.lastActiveAt} />
              </>
            )}
          </p>
        </div>
      </div>
      {session.current ? null : (
        <Button variant="outline" size="sm" className="self-start sm:self-center" loading={revoke.isPending} onClick={signOut}>
          Sign out<span className="sr-only"> {device.label}</span>
        </Button>
      )}
    </li>
  );
}
