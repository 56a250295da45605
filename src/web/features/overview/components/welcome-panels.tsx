import { Building2, ChevronRight, KeyRound, ShieldCheck, ShieldOff, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import type { LucideIcon } from 'lucide-react';
import type { Session, SessionOrganization } from '@contracts/session';
import { ROLE_LABELS } from '@domain/auth/permissions';
import { formatInstantIn } from '@domain/format/clock';
import { paths } from '@web/lib/paths';

/** "Sat 9:41 AM" / "Sat 14:41": the time there, in the practice's clock. */
function localTime(organization: SessionOrganization, now: Date): string | null {
  try {
    return formatInstantIn(now, organization.timeZone, { country: organization.country, parts: 'time', weekday: 'short' });
  } catch {
    return null;
  }
}


export interface Shortcut {
  to: string;
  label: string;
  description: string;
  icon: LucideIcon;
}

/** Who you are, your organizations and where to go: the overview of a role without today's figures (developers). */
export function WelcomePanels({ session, shortcuts, now }: { session: Session; shortcuts: readonly Shortcut[]; now: Date }) {
  const { user, organizations } = session;
  return (
    <div className="grid gap-6 lg:grid-cols-3 lg:items-start">
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>Your organizations</CardTitle>
            <CardDescription>The practices whose calls, handoffs and settings you work with.</CardDescription>
          </CardHeader>
          <CardContent>
            {organizations.length === 0 ? (
              <EmptyState
                headingLevel="h3"
                icon={Building2}
                title="No organizations yet"
                description={
                  user.role === 'admin'
                    ? 'No practice has been set up on Switchboard yet. Once one is added, it appears here with its local time.'
                    : 'You are not assigned to any practice. Ask a Switchboard administrator to add you to the organizations you work for.'
                }
                className="py-8"
              />
            ) : (
              <OrganizationList organizations={organizations} now={now} />
            )}
          </CardContent>
        </Card>

        <div className="space-y-6">
          <Card>
            <CardHeader>
              <CardTitle>Your account</CardTitle>
            </CardHeader>
            <CardContent className="space-y-4">
              <dl className="flex flex-wrap items-center gap-2 text-sm">
                <div className="mb-1 w-full">
                  <dt className="text-muted-foreground">Signed in as</dt>
                  <dd className="font-medium [overflow-wrap:anywhere]">{user.email}</dd>
                </div>
                <div>
                  <dt className="sr-only">Role</dt>
                  <dd>
                    <Badge>{ROLE_LABELS[user.role]}</Badge>
                  </dd>
                </div>
                <div>
                  <dt className="sr-only">Two-step verification</dt>
                  <dd>
                    {user.twoFactorEnabled ? (
                      <Badge variant="success">
                        <ShieldCheck aria-hidden="true" />
                        Two-step verification on
                      </Badge>
                    ) : (
                      <Badge variant="neutral">
                        <ShieldOff aria-hidden="true" />
                        Two-step verification off
                      </Badge>
                    )}
                  </dd>
                </div>
              </dl>
              <div className="flex flex-wrap gap-2">
                <Button variant="outline" size="sm" asChild>
                  <Link to={paths.profile.path}>
                    <UserRound aria-hidden="true" />
                    Profile
                  </Link>
                </Button>
                <Button variant="outline" size="sm" asChild>
                  <Link to={paths.changePassword.path}>
                    <KeyRound aria-hidden="true" />
                    Change password
                  </Link>
                </Button>
              </div>
            </CardContent>
          </Card>

          {shortcuts.length > 0 ? (
            <Card>
              <CardHeader>
                <CardTitle>Go to</CardTitle>
              </CardHeader>
              <CardContent className="p-2 pt-0 sm:p-2 sm:pt-0">
                <ul>
                  {shortcuts.map((item) => (
                    <li key={item.to}>
                      <Link to={item.to} className="flex items-center gap-3 rounded-lg p-3 hover:bg-muted">
                        <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-primary-soft text-primary">
                          <item.icon aria-hidden="true" className="size-4" />
                        </span>
                        <span className="min-w-0 flex-1">
                          <span className="block text-sm font-medium">{item.label}</span>
                          <span className="block text-sm text-muted-foreground">{item.description}</span>
                        </span>
                        <ChevronRight aria-hidden="true" className="size-4 text-muted-foreground" />
                      </Link>
                    </li>
                  ))}
                </ul>
              </CardContent>
            </Card>
          ) : null}
        </div>
      </div>
  );
}

function OrganizationList({ organizations, now }: { organizations: readonly SessionOrganization[]; now: Date }) {
  return (
    <ul className="divide-y divide-border rounded-lg border border-border">
      {organizations.map((organization) => {
        const time = localTime(organization, now);
        return (
          <li key={organization.id} className="flex flex-col gap-1 p-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="flex min-w-0 items-center gap-3">
              <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground">
                <Building2 aria-hidden="true" className="size-4" />
              </span>
              <div className="min-w-0">
                <p className="truncate font-medium">{organization.name}</p>
                {organization.timeZone ? <p className="text-sm text-muted-foreground">{organization.timeZone.replace(/_/g, ' ')}</p> : null}
              </div>
            </div>
            {time ? (
              <p className="pl-12 text-sm text-muted-foreground sm:pl-0">
                {time} <span className="text-muted-foreground">local time</span>
              </p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

