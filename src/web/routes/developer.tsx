import * as React from 'react';
import { useSearchParams } from 'react-router';
import { can } from '@domain/auth/permissions';
import { DocumentTitle } from '@web/components/document-title';
import { PageHeader } from '@web/components/ui/page-header';
import { Skeleton } from '@web/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { DEVELOPER_TABS } from '@web/routes/developer-tabs';
import { useSignedInSession } from '@web/lib/use-signed-in-session';

/** /developer — integration tools (administrators and developers), one tab each (`?tab=`). */
export function DeveloperRoute() {
  const { user } = useSignedInSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const tabs = DEVELOPER_TABS.filter((tab) => can(user.role, tab.capability));
  const current = tabs.find((tab) => tab.id === searchParams.get('tab')) ?? tabs[0];

  // Each tab keeps its own filters in the URL; switching tab starts the new one clean.
  const selectTab = (id: string) => setSearchParams(new URLSearchParams({ tab: id }), { replace: true });

  return (
    <>
      <DocumentTitle title={current ? `${current.label} · Developer` : 'Developer'} />
      <PageHeader
        title="Developer"
        description="Tools for integrating with Switchboard and finding out what happened: messages sent, errors, the audit trail and the API."
      />
      {current ? (
        <Tabs value={current.id} onValueChange={selectTab}>
          <TabsList aria-label="Developer tools" className="w-full flex-wrap justify-start sm:w-auto">
            {tabs.map((tab) => (
              <TabsTrigger key={tab.id} value={tab.id}>
                {tab.label}
              </TabsTrigger>
            ))}
          </TabsList>
          {tabs.map((tab) => (
            <TabsContent key={tab.id} value={tab.id} className="space-y-4 rounded-md">
              <p className="text-sm text-muted-foreground">{tab.description}</p>
              <React.Suspense fallback={<TabSkeleton />}>
                <tab.Component />
              </React.Suspense>
            </TabsContent>
          ))}
        </Tabs>
      ) : null}
    </>
  );
}

function TabSkeleton() {
  return (
    <div role="status" className="space-y-3 rounded-xl border border-border bg-card p-4">
      <span className="sr-only">Loading…</span>
      <Skeleton className="h-10 w-72 max-w-full" />
      {[0, 1, 2, 3, 4].map((i) => (
        <Skeleton key={i} className="h-5 w-full" />
      ))}
    </div>
  );
}

export { DeveloperRoute as Component };
