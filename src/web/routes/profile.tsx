import { KeyRound } from 'lucide-react';
import { Link } from 'react-router';
import { DocumentTitle } from '@web/components/document-title';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { PageHeader } from '@web/components/ui/page-header';
import { Skeleton } from '@web/components/ui/skeleton';
import { useProfile } from '@web/features/profile/api/get-profile';
import { NotificationPreferencesCard } from '@web/features/profile/components/notification-preferences-card';
import { ProfileDetailsCard } from '@web/features/profile/components/profile-details-card';
import { SessionsCard } from '@web/features/profile/components/sessions-card';
import { TwoFactorCard } from '@web/features/profile/components/two-factor-card';
import { ROLE_LABELS } from '@domain/auth/permissions';
import { useSignedInSession } from '@web/lib/use-signed-in-session';
import { errorMessage } from '@web/lib/api';
import { paths } from '@web/lib/paths';

/** /profile — the signed-in user's own details, sessions and two-factor. */
export function ProfileRoute() {
  const { user } = useSignedInSession();
  const profile = useProfile();
  const required = user.twoFactorRequired;

  return (
    <>
      <DocumentTitle title="Profile" />
      <PageHeader
        title="Profile"
        eyebrow={`${user.email} · ${ROLE_LABELS[user.role]}`}
        description="Your name, phone number and notification preferences, two-factor authentication, and the devices where you are signed in."
      />

      {required ? (
        <Alert variant="warning" assertive title="Turn on two-factor authentication to continue" className="mb-6">
          <p>
            Your role ({ROLE_LABELS[user.role].toLowerCase()}) requires two-factor authentication. The rest of Switchboard is unavailable
            until you turn it on below — it takes about a minute with an authenticator app on your phone.
          </p>
          <p className="mt-2">
            <a href="#two-factor">Go to two-factor authentication</a>
          </p>
        </Alert>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        {required ? <TwoFactorCard enabled={false} required className="lg:col-span-2" /> : null}

        <div className="space-y-6">
          {profile.isPending ? (
            <ProfileSkeleton />
          ) : profile.isError ? (
            <Card>
              <CardContent className="pt-5 sm:pt-6">
                <Alert variant="destructive" title="Your profile could not be loaded.">
                  <p>{errorMessage(profile.error)}</p>
                  <Button variant="outline" size="sm" className="mt-2" onClick={() => void profile.refetch()}>
                    Try again
                  </Button>
                </Alert>
              </CardContent>
            </Card>
          ) : (
            <>
              <ProfileDetailsCard profile={profile.data} />
              <NotificationPreferencesCard profile={profile.data} />
            </>
          )}
        </div>

        <div className="space-y-6">
          {required ? null : <TwoFactorCard enabled={user.twoFactorEnabled} required={false} />}
          <Card>
            <CardHeader>
              <CardTitle>Password</CardTitle>
              <CardDescription>Change the password you sign in with. Your other devices are signed out when you do.</CardDescription>
            </CardHeader>
            <CardContent>
              <Button variant="outline" asChild>
                <Link to={paths.changePassword.path}>
                  <KeyRound aria-hidden="true" />
                  Change password
                </Link>
              </Button>
            </CardContent>
          </Card>
        </div>

        <div className="lg:col-span-2">
          <SessionsCard />
        </div>
      </div>
    </>
  );
}

function ProfileSkeleton() {
  return (
    <Card>
      <CardContent className="space-y-5 pt-5 sm:pt-6" role="status">
        <span className="sr-only">Loading your profile…</span>
        <Skeleton className="h-5 w-32" />
        {[0, 1, 2].map((i) => (
          <div key={i} className="space-y-2">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-10 w-full" />
          </div>
        ))}
        <Skeleton className="h-10 w-28" />
      </CardContent>
    </Card>
  );
}

export { ProfileRoute as Component };
