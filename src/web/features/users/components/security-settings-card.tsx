import * as React from 'react';
import { ShieldCheck } from 'lucide-react';
import { ROLES, ROLE_LABELS, type Role } from '@domain/auth/permissions';
import { FormErrorAlert } from '@web/components/form-error-alert';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@web/components/ui/card';
import { Checkbox } from '@web/components/ui/checkbox';
import { Label } from '@web/components/ui/label';
import { Skeleton } from '@web/components/ui/skeleton';
import { useToast } from '@web/components/ui/toast';
import type { SessionUser } from '@contracts/session';
import { errorMessage } from '@web/lib/api';
import { useSecuritySettings } from '../api/get-security-settings';
import { useUpdateSecuritySettings } from '../api/update-security-settings';

/** Which roles must use two-factor (administrators only). */
export function SecuritySettingsCard({ currentUser }: { currentUser: SessionUser }) {
  const settings = useSecuritySettings();

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldCheck aria-hidden="true" className="size-5 text-primary" />
          Security
        </CardTitle>
        <CardDescription>
          Require two-factor authentication (a code from an authenticator app at each sign-in) for some roles. People in those
          roles who have not turned it on are sent to their profile to do so before they can use anything else.
        </CardDescription>
      </CardHeader>
      {settings.isPending ? (
        <CardContent>
          <div role="status" className="space-y-3">
            <span className="sr-only">Loading security settings…</span>
            {ROLES.map((role) => (
              <Skeleton key={role} className="h-5 w-44" />
            ))}
          </div>
        </CardContent>
      ) : settings.isError ? (
        <CardContent>
          <Alert variant="destructive" title="The security settings could not be loaded.">
            <p>{errorMessage(settings.error)}</p>
            <Button variant="outline" size="sm" className="mt-2" onClick={() => void settings.refetch()}>
              Try again
            </Button>
          </Alert>
        </CardContent>
      ) : (
        <SecuritySettingsForm saved={settings.data.twoFactorRequiredRoles} currentUser={currentUser} />
      )}
    </Card>
  );
}

function SecuritySettingsForm({ saved, currentUser }: { saved: Role[]; currentUser: SessionUser }) {
  const id = React.useId();
  const { toast } = useToast();
  const update = useUpdateSecuritySettings();
  const [roles, setRoles] = React.useState<Set<Role>>(() => new Set(saved));
  const dirty = roles.size !== saved.length || saved.some((role) => !roles.has(role));
  const locksSelfOut = roles.has(currentUser.role) && !currentUser.twoFactorEnabled;

  const toggle = (role: Role, checked: boolean) => {
    setRoles((current) => {
      const next = new Set(current);
      if (checked) next.add(role);
      else next.delete(role);
      return next;
    });
  };

  const save = (event: React.FormEvent) => {
    event.preventDefault();
    const twoFactorRequiredRoles = ROLES.filter((role) => roles.has(role));
    update.mutate(
      { twoFactorRequiredRoles },
      {
        onSuccess: () =>
          toast({
            title: 'Security settings saved',
            description: twoFactorRequiredRoles.length
              ? `Two-factor is now required for: ${twoFactorRequiredRoles.map((r) => ROLE_LABELS[r]).join(', ')}.`
              : 'Two-factor is now optional for every role.',
          }),
      },
    );
  };

  return (
    <form onSubmit={save} noValidate>
      <CardContent className="space-y-4">
        {update.error ? <FormErrorAlert error={update.error} /> : null}
        <fieldset>
          <legend className="text-sm font-medium">Two-factor required for</legend>
          <ul className="mt-3 grid gap-2 sm:grid-cols-2">
            {ROLES.map((role) => (
              <li key={role} className="flex items-center gap-3">
                <Checkbox id={`${id}-${role}`} checked={roles.has(role)} onCheckedChange={(checked) => toggle(role, checked === true)} />
                <Label htmlFor={`${id}-${role}`} className="cursor-pointer py-1 font-normal">
                  {ROLE_LABELS[role]}
                </Label>
              </li>
            ))}
          </ul>
        </fieldset>
        {locksSelfOut && dirty ? (
          <Alert variant="warning" title="This includes you">
            You have not turned on two-factor yet. After saving, you will be taken to your profile to set it up before you can
            continue.
          </Alert>
        ) : null}
      </CardContent>
      <CardFooter>
        <Button type="submit" loading={update.isPending} disabled={!dirty}>
          Save security settings
        </Button>
        {dirty ? <p className="text-sm text-muted-foreground">You have unsaved changes.</p> : null}
      </CardFooter>
    </form>
  );
}
