import { useOrganization } from '@web/features/organizations/api/get-organization';
import { Building2, Clock } from 'lucide-react';
import { can } from '@domain/auth/permissions';
import { DocumentTitle } from '@web/components/document-title';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { PageHeader } from '@web/components/ui/page-header';
import { LoadingBlock } from '@web/components/ui/spinner';
import { useHours } from '@web/features/hours/api/get-hours';
import { HoursEditor } from '@web/features/hours/components/hours-editor';
import { OrganizationSectionNav } from '@web/features/organizations/components/organization-section-nav';
import { OrganizationSwitcher } from '@web/features/organizations/components/organization-switcher';
import { useOrganizationParam } from '@web/features/organizations/use-organization-param';
import { useSignedInSession } from '@web/lib/use-signed-in-session';
import { errorMessage } from '@web/lib/api';

/** /organizations/hours — weekly hours and overrides of the chosen organization, with a live preview. */
export function OrganizationHoursRoute() {
  const { user, organizations } = useSignedInSession();
  const [organizationId, setOrganizationId] = useOrganizationParam(organizations);
  const organization = organizations.find((o) => o.id === organizationId) ?? null;
  // Its address says its country: the clock and date order its times are shown in.
  const details = useOrganization(organizationId);
  const hours = useHours(organizationId);
  const readOnly = !can(user.role, 'hours.edit');

  return (
    <>
      <DocumentTitle title={organization ? `Hours · ${organization.name}` : 'Business hours'} />
      <PageHeader
        eyebrow={organization?.name}
        title="Business hours"
        description={
          readOnly
            ? 'When the practice is open: the agent tells callers, transfers go to staff only while open, and handoff deadlines count these hours.'
            : 'When the practice is open. The agent tells callers, transfers reach staff only while open, and handoff deadlines count these hours.'
        }
        actions={
          organizations.length > 1 ? <OrganizationSwitcher organizations={organizations} value={organizationId} onChange={setOrganizationId} /> : null
        }
      />
      <OrganizationSectionNav organizationId={organizationId} />
      {readOnly && organization ? (
        <Alert variant="info" className="mb-6">
          You can read these hours. A supervisor or an administrator can change them.
        </Alert>
      ) : null}

      {!organizationId ? (
        <EmptyState icon={Building2} title="No organization to show" description="You are not assigned to any practice yet. Ask an administrator to add you." />
      ) : hours.isPending ? (
        <LoadingBlock label="Loading the hours…" />
      ) : hours.isError ? (
        <Alert variant="destructive" assertive title="The hours could not be loaded.">
          <p>{errorMessage(hours.error)}</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void hours.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <>
          {hours.data.weekly.length === 0 && hours.data.overrides.length === 0 ? (
            <Alert variant="info" className="mb-6" title="No hours yet">
              <span className="inline-flex items-center gap-1">
                <Clock aria-hidden="true" className="size-4" />
                Until hours are set, callers hear that the practice is closed.
              </span>
            </Alert>
          ) : null}
          <HoursEditor
            key={`${hours.data.organizationId}:${hours.data.version}:${hours.data.timeZone}`}
            stored={hours.data}
            organizationName={organization?.name ?? 'this organization'}
            country={details.data?.address?.country}
            paused={hours.data.status.paused}
            readOnly={readOnly}
            onReload={() => void hours.refetch()}
            reloading={hours.isFetching}
          />
        </>
      )}
    </>
  );
}

export { OrganizationHoursRoute as Component };
