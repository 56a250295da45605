import { Building2 } from 'lucide-react';
import { can } from '@domain/auth/permissions';
import { DocumentTitle } from '@web/components/document-title';
import { Alert } from '@web/components/ui/alert';
import { EmptyState } from '@web/components/ui/empty-state';
import { PageHeader } from '@web/components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { useClinicians } from '@web/features/calendars/api/list-clinicians';
import { useLocations } from '@web/features/calendars/api/list-locations';
import { useVisitTypes } from '@web/features/calendars/api/list-visit-types';
import { CliniciansPanel } from '@web/features/calendars/components/clinicians-panel';
import { LocationsPanel } from '@web/features/calendars/components/locations-panel';
import { ListSkeleton, LoadError } from '@web/features/calendars/components/panel-states';
import { VisitTypesPanel } from '@web/features/calendars/components/visit-types-panel';
import { VisitsCalendar } from '@web/features/calendars/components/visits-calendar';
import { OrganizationSectionNav } from '@web/features/organizations/components/organization-section-nav';
import { OrganizationSwitcher } from '@web/features/organizations/components/organization-switcher';
import { useOrganizationParam } from '@web/features/organizations/use-organization-param';
import { useMembers } from '@web/lib/queries/list-members';
import { useSearchParamsUpdate } from '@web/lib/use-search-params-update';
import { useSignedInSession } from '@web/lib/use-signed-in-session';
import { SchedulesViews } from './schedules-views';

const TABS = ['calendar', 'clinicians', 'visit-types', 'locations'] as const;
type Tab = (typeof TABS)[number];
const NO_PAGE: readonly string[] = [];

/**
 * /organizations/schedules/calendars — the clinicians' calendars of the chosen organization: booked
 * visits by day and week, and the records behind them (clinicians with their weekly hours and
 * exceptions, visit types, locations). Admins and supervisors edit the records; the front desk
 * books; every staff role reads the records, and those who may see patients read the visits.
 */
export function OrganizationCalendarsRoute() {
  const { user, organizations } = useSignedInSession();
  const [organizationId, setOrganizationId] = useOrganizationParam(organizations);
  const organization = organizations.find((o) => o.id === organizationId) ?? null;
  const canEdit = can(user.role, 'schedules.edit');
  const canBook = can(user.role, 'visits.book');
  const seesVisits = can(user.role, 'patients.read');
  const { searchParams, update } = useSearchParamsUpdate(NO_PAGE);
  const requested = searchParams.get('tab') as Tab | null;
  const tab: Tab = requested && TABS.includes(requested) && (requested !== 'calendar' || seesVisits) ? requested : seesVisits ? 'calendar' : 'clinicians';

  const visitTypes = useVisitTypes(organizationId);
  const locations = useLocations(organizationId);
  const clinicians = useClinicians(organizationId);
  const members = useMembers(canEdit ? organizationId : null);

  const setTab = (next: string) => update({ tab: next === (seesVisits ? 'calendar' : 'clinicians') ? undefined : next });
  const records = [visitTypes, locations, clinicians];
  const failed = records.find((q) => q.isError);

  return (
    <>
      <DocumentTitle title={organization ? `Clinicians’ calendars · ${organization.name}` : 'Clinicians’ calendars'} />
      <PageHeader
        eyebrow={organization?.name}
        title="Schedules"
        description="Clinicians’ calendars: the visits booked with them, when and where they see patients, and what patients can book."
        actions={organizations.length > 1 ? <OrganizationSwitcher organizations={organizations} value={organizationId} onChange={setOrganizationId} /> : null}
      />
      <OrganizationSectionNav organizationId={organizationId} />
      <SchedulesViews organizationId={organizationId} />

      {!organizationId || !organization ? (
        <EmptyState icon={Building2} title="No organization to show" description="You are not assigned to any practice yet. Ask an administrator to add you." />
      ) : (
        <Tabs value={tab} onValueChange={setTab}>
          <TabsList aria-label="Calendars">
            {seesVisits ? <TabsTrigger value="calendar">Calendar</TabsTrigger> : null}
            <TabsTrigger value="clinicians">Clinicians</TabsTrigger>
            <TabsTrigger value="visit-types">Visit types</TabsTrigger>
            <TabsTrigger value="locations">Locations</TabsTrigger>
          </TabsList>
          {!canEdit ? (
            <Alert variant="info" className="mt-4">
              {canBook ? 'You can book, cancel and mark visits. A supervisor or an administrator can change the clinicians, their hours, visit types and locations.' : 'You can read these records. A supervisor or an administrator can change them.'}
            </Alert>
          ) : null}
          <TabsContent value="calendar" className="mt-6">
            {records.some((q) => q.isPending) ? (
              <ListSkeleton label="Loading the calendar" />
            ) : failed ? (
              <LoadError title="The calendar could not be loaded." error={failed.error} onRetry={() => records.forEach((q) => void q.refetch())} />
            ) : (
              <VisitsCalendar
                organizationId={organization.id}
                timeZone={organization.timeZone}
                country={organization.country}
                canBook={canBook}
                clinicians={clinicians.data ?? []}
                locations={locations.data ?? []}
                visitTypes={visitTypes.data ?? []}
                onSetUp={() => setTab('clinicians')}
              />
            )}
          </TabsContent>
          <TabsContent value="clinicians" className="mt-6">
            <CliniciansPanel
              organizationId={organization.id}
              country={organization.country}
              canEdit={canEdit}
              visitTypes={visitTypes.data ?? []}
              locations={locations.data ?? []}
              members={members.data ?? []}
              selectedId={searchParams.get('clinician')}
              onSelect={(id) => update({ clinician: id ?? undefined })}
            />
          </TabsContent>
          <TabsContent value="visit-types" className="mt-6">
            <VisitTypesPanel organizationId={organization.id} canEdit={canEdit} />
          </TabsContent>
          <TabsContent value="locations" className="mt-6">
            <LocationsPanel organizationId={organization.id} canEdit={canEdit} />
          </TabsContent>
        </Tabs>
      )}
    </>
  );
}

export { OrganizationCalendarsRoute as Component };
