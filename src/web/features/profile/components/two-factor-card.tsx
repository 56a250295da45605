import * as React from 'react';
import { ShieldCheck, ShieldOff } from 'lucide-react';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { cn } from '@web/lib/utils';
import { DisableTwoFactorDialog } from './disable-two-factor-dialog';
import { TwoFactorSetupDialog } from './two-factor-setup-dialog';

export interface TwoFactorCardProps {
  enabled: boolean;
  /** The user's role requires two-factor and it is not on yet. */
  required: boolean;
  className?: string;
}

export function TwoFactorCard({ enabled, required, className }: TwoFactorCardProps) {
  const [dialog, setDialog] = React.useState<'enable' | 'disable' | null>(null);
  const close = (open: boolean) => {
    if (!open) setDialog(null);
  };

  return (
    <Card id="two-factor" className={cn(required && 'border-amber-300 ring-2 ring-amber-200', className)}>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>Two-factor authentication</CardTitle>
          {enabled ? (
            <Badge variant="success">
              <ShieldCheck aria-hidden="true" />
              On
            </Badge>
          ) : (
            <Badge variant={required ? 'warning' : 'neutral'}>
              <ShieldOff aria-hidden="true" />
              {required ? 'Off — required' : 'Off'}
            </Badge>
          )}
        </div>
        <CardDescription>
          {enabled
            ? 'Signing in asks for your password and a 6-digit code from your authenticator app (or a backup code).'
            : 'Protect your account with a second step at sign-in: a 6-digit code from an authenticator app on your phone.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {enabled ? (
          <Button variant="outline" onClick={() => setDialog('disable')}>
            Turn off two-factor
          </Button>
        ) : (
          <Button onClick={() => setDialog('enable')}>
            <ShieldCheck aria-hidden="true" />
            Turn on two-factor
          </Button>
        )}
      </CardContent>
      <TwoFactorSetupDialog open={dialog === 'enable'} onOpenChange={close} />
      <DisableTwoFactorDialog open={dialog === 'disable'} onOpenChange={close} />
    </Card>
  );
}
