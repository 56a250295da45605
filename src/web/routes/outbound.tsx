import * as React from 'react';
import { useSearchParams } from 'react-router';
import { can } from '@domain/auth/permissions';
import { DocumentTitle } from '@web/components/document-title';
import { PageHeader } from '@web/components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { CampaignList } from '@web/features/outbound/components/campaign-list';
import { DoNotCallPanel } from '@web/features/outbound/components/do-not-call-panel';
import { OutboundSettingsPanel } from '@web/features/outbound/components/outbound-settings-panel';
import { ProviderNotice } from '@web/features/outbound/components/provider-notice';
import { SingleCallForm, type SingleCallPrefill } from '@web/features/outbound/components/single-call-form';
import { SingleCallsList } from '@web/features/outbound/components/single-calls-list';
import { useLiveOutbound } from '@web/features/outbound/use-live-outbound';
import { useSignedInSession } from '@web/lib/use-signed-in-session';

type Tab = 'single' | 'campaigns' | 'do-not-call' | 'settings';
const TAB_LABELS: Record<Tab, string> = { single: 'Single calls', campaigns: 'Campaigns', 'do-not-call': 'Do-not-call list', settings: 'Calling settings' };

/**
 * /outbound — single calls (agents, supervisors, admins), campaigns and the do-not-call list
 * (supervisors and admins). Who may see what comes from the permission matrix; the server checks
 * again. Developers do not open it: campaign contacts and the do-not-call list are patients' data.
 */
export function OutboundRoute() {
  const { user, organizations } = useSignedInSession();
  const [params, setParams] = useSearchParams();
  useLiveOutbound();
  const placesCalls = can(user.role, 'outbound.single');
  const readsCampaigns = can(user.role, 'outbound.campaigns.read');
  const tabs: Tab[] = [
    ...(placesCalls || readsCampaigns ? (['single'] as const) : []),
    ...(readsCampaigns ? (['campaigns', 'do-not-call'] as const) : []),
    ...(placesCalls || readsCampaigns ? (['settings'] as const) : []),
  ];
  const requested = params.get('tab') as Tab | null;
  const tab: Tab = requested && tabs.includes(requested) ? requested : (tabs[0] ?? 'single');
  const prefill = React.useMemo<SingleCallPrefill>(
    () => ({
      organizationId: params.get('organizationId') ?? undefined,
      phone: params.get('phone') ?? undefined,
      contactName: params.get('name') ?? undefined,
      patientId: params.get('patientId') ?? undefined,
    }),
    [params],
  );
  const readOnly = !can(user.role, 'outbound.campaigns');

  return (
    <>
      <DocumentTitle title="Outbound" />
      <PageHeader
        title="Outbound"
        description="Calls the agent places for the practice: single calls, campaigns from a CSV, and the numbers never to call."
      />
      <div className="mb-4">
        <ProviderNotice />
      </div>
      <Tabs value={tab} onValueChange={(value) => setParams({ tab: value }, { replace: true })}>
        <TabsList aria-label="Outbound sections" className="flex-wrap">
          {tabs.map((t) => (
            <TabsTrigger key={t} value={t}>
              {TAB_LABELS[t]}
            </TabsTrigger>
          ))}
        </TabsList>
        {tabs.includes('single') ? (
          <TabsContent value="single" className="mt-4 space-y-6">
            {placesCalls ? <SingleCallForm organizations={organizations} prefill={prefill} /> : null}
            <SingleCallsList />
          </TabsContent>
        ) : null}
        {tabs.includes('campaigns') ? (
          <TabsContent value="campaigns" className="mt-4">
            <CampaignList canManage={!readOnly} />
          </TabsContent>
        ) : null}
        {tabs.includes('do-not-call') ? (
          <TabsContent value="do-not-call" className="mt-4">
            <DoNotCallPanel organizations={organizations} canManage={!readOnly} />
          </TabsContent>
        ) : null}
        {tabs.includes('settings') ? (
          <TabsContent value="settings" className="mt-4">
            <OutboundSettingsPanel organizations={organizations} canEdit={!readOnly} />
          </TabsContent>
        ) : null}
      </Tabs>
    </>
  );
}

export { OutboundRoute as Component };
