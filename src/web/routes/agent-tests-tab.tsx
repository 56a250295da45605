import { Building2 } from 'lucide-react';
import { EmptyState } from '@web/components/ui/empty-state';
import { AgentTestsPanel } from '@web/features/agent-tests/components/agent-tests-panel';
import { OrganizationSwitcher } from '@web/features/organizations/components/organization-switcher';
import { useOrganizationParam } from '@web/features/organizations/use-organization-param';
import { useSignedInSession } from '@web/lib/use-signed-in-session';

/** /developer → Agent tests: the same page as /organizations/agent-tests, for the organization chosen here. */
export function AgentTestsTab() {
  const { organizations } = useSignedInSession();
  const [organizationId, setOrganizationId] = useOrganizationParam(organizations);
  if (!organizationId) return <EmptyState icon={Building2} title="No organization to show" description="You are not assigned to any practice yet. Ask an administrator to add you." />;
  return (
    <div className="space-y-4">
      {organizations.length > 1 ? <OrganizationSwitcher organizations={organizations} value={organizationId} onChange={setOrganizationId} className="max-w-sm" /> : null}
      <AgentTestsPanel key={organizationId} organizationId={organizationId} />
    </div>
  );
}
