import { Building2 } from 'lucide-react';
import { DocumentTitle } from '@web/components/document-title';
import { EmptyState } from '@web/components/ui/empty-state';
import { PageHeader } from '@web/components/ui/page-header';
import { AgentTestsPanel } from '@web/features/agent-tests/components/agent-tests-panel';
import { OrganizationSectionNav } from '@web/features/organizations/components/organization-section-nav';
import { OrganizationSwitcher } from '@web/features/organizations/components/organization-switcher';
import { useOrganizationParam } from '@web/features/organizations/use-organization-param';
import { useSignedInSession } from '@web/lib/use-signed-in-session';

/** /organizations/agent-tests — the chosen practice's agent tests (supervisors, administrators, developers). */
export function OrganizationAgentTestsRoute() {
  const { organizations } = useSignedInSession();
  const [organizationId, setOrganizationId] = useOrganizationParam(organizations);
  const organization = organizations.find((o) => o.id === organizationId) ?? null;
  return (
    <>
      <DocumentTitle title={organization ? `Agent tests · ${organization.name}` : 'Agent tests'} />
      <PageHeader
        eyebrow={organization?.name}
        title="Agent tests"
        description="Simulated callers played through the real agent, each with what the call must leave behind. Test calls never appear in calls, analytics or the queue."
        actions={organizations.length > 1 ? <OrganizationSwitcher organizations={organizations} value={organizationId} onChange={setOrganizationId} /> : null}
      />
      <OrganizationSectionNav organizationId={organizationId} />
      {organizationId ? (
        <AgentTestsPanel key={organizationId} organizationId={organizationId} />
      ) : (
        <EmptyState icon={Building2} title="No organization to show" description="You are not assigned to any practice yet. Ask an administrator to add you." />
      )}
    </>
  );
}

export { OrganizationAgentTestsRoute as Component };
