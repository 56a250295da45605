import * as React from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Label } from '@web/components/ui/label';
import { Switch } from '@web/components/ui/switch';
import { useToast } from '@web/components/ui/toast';
import { errorMessage } from '@web/lib/api';
import { useUpdateProfile } from '../api/update-profile';
import type { NotificationPreferences, Profile } from '@contracts/profile';

const PREFERENCES: Array<{ key: keyof NotificationPreferences; label: string; description: string }> = [
  { key: 'email', label: 'Email', description: 'Notifications by email to your sign-in address.' },
  { key: 'sms', label: 'Text message', description: 'Notifications by text to your mobile phone.' },
  { key: 'urgentHandoffs', label: 'Urgent handoffs', description: 'Be told at once when a caller needs a person urgently.' },
  { key: 'dailySummary', label: 'Daily summary', description: "Each morning: yesterday's calls, handoffs and requests." },
];

/** Switches that save as they are flipped. */
export function NotificationPreferencesCard({ profile }: { profile: Profile }) {
  const id = React.useId();
  const { toast } = useToast();
  const update = useUpdateProfile();
  const [saved, setSaved] = React.useState<string | null>(null);
  // What the switches show: flipped at once, then saved. Each save sends every preference as
  // shown, so quick flips in a row end with the last state saved.
  const [preferences, setPreferences] = React.useState(profile.notificationPreferences);
  const smsWithoutPhone = preferences.sms && !profile.phone;

  const toggle = (key: keyof NotificationPreferences, checked: boolean) => {
    setSaved(null);
    const label = PREFERENCES.find((p) => p.key === key)?.label ?? key;
    const next = { ...preferences, [key]: checked };
    setPreferences(next);
    update.mutate(
      { notificationPreferences: next },
      {
        onSuccess: () => setSaved(`${label} notifications turned ${checked ? 'on' : 'off'}.`),
        onError: (error) => {
          setPreferences((current) => ({ ...current, [key]: !checked }));
          toast({ variant: 'error', title: 'Preference not saved', description: errorMessage(error) });
        },
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Notifications</CardTitle>
        <CardDescription>How Switchboard lets you know about things that need you. Changes save straight away.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-border">
          {PREFERENCES.map((preference) => {
            const switchId = `${id}-${preference.key}`;
            return (
              <li key={preference.key} className="flex items-start justify-between gap-4 py-3 first:pt-0 last:pb-0">
                <div className="space-y-1">
                  <Label htmlFor={switchId}>{preference.label}</Label>
                  <p id={`${switchId}-description`} className="text-sm text-muted-foreground">
                    {preference.description}
                  </p>
                </div>
                <Switch
                  id={switchId}
                  aria-describedby={`${switchId}-description`}
                  checked={preferences[preference.key]}
                  onCheckedChange={(checked) => toggle(preference.key, checked)}
                />
              </li>
            );
          })}
        </ul>
        {smsWithoutPhone ? (
          <p className="mt-3 text-sm text-warning-soft-foreground">Add your mobile phone above to receive text messages.</p>
        ) : null}
        <p role="status" className="mt-3 min-h-5 text-sm text-muted-foreground">
          {update.isPending ? 'Saving…' : saved}
        </p>
      </CardContent>
    </Card>
  );
}
