import { Building2, CalendarClock, Clock, MoreHorizontal, Pencil, Phone, Power, PowerOff, Eye } from 'lucide-react';
import { Link } from 'react-router';
import type { OpenNowItem } from '@contracts/hours';
import type { OrganizationSummary } from '@contracts/organizations';
import { Button } from '@web/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '@web/components/ui/dropdown-menu';
import { organizationPaths } from '@web/lib/organization-paths';
import { formatInstantIn, practiceCountry, wallTimesInClock } from '@domain/format/clock';
import { formatPhone } from '@web/lib/format-phone';
import { zoneLabel } from '@web/lib/time-zones';
import { OpenNowBadge, OrganizationStatusBadge } from './organization-status-badge';

export interface OrganizationListProps {
  organizations: OrganizationSummary[];
  openNow: Map<string, OpenNowItem>;
  now: Date;
  canEdit: boolean;
  canDeactivate: boolean;
  onEdit: (org: OrganizationSummary) => void;
  onSetActive: (org: OrganizationSummary, active: boolean) => void;
}

/** One row per organization: who it is, open or closed now, its numbers, and what you can do. */
export function OrganizationList({ organizations, openNow, now, canEdit, canDeactivate, onEdit, onSetActive }: OrganizationListProps) {
  return (
    <ul className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-card">
      {organizations.map((org) => {
        const status = openNow.get(org.id);
        const deactivated = org.status === 'deactivated';
        // Its numbers and clock as people of its country write them (issue 28), not E.164.
        const country = practiceCountry(org.address);
        return (
          <li key={org.id} className="relative grid gap-3 p-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center sm:gap-6 sm:px-5">
            <div className="flex min-w-0 gap-3">
              <span className="mt-0.5 hidden size-9 shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground sm:flex">
                <Building2 aria-hidden="true" className="size-4" />
              </span>
              <div className="min-w-0 space-y-1">
                <div className={`flex flex-wrap items-center gap-2 ${canDeactivate ? 'max-sm:pr-10' : ''}`}>
                  <h2 className="truncate text-base font-semibold">{org.name}</h2>
                  {org.status !== 'active' ? <OrganizationStatusBadge status={org.status} /> : null}
                </div>
                <p className="text-sm text-muted-foreground">
                  <span className="font-mono text-xs">{org.slug}</span>
                  <span aria-hidden="true"> · </span>
                  {zoneLabel(org.timeZone)} <span className="whitespace-nowrap">({formatInstantIn(now, org.timeZone, { country, parts: 'time', weekday: 'short' })} there)</span>
                </p>
                {!deactivated && status ? <OpenNowBadge open={status.open} paused={status.paused} text={wallTimesInClock(status.text, country)} /> : null}
                {org.phoneNumbers.length ? (
                  <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
                    <Phone aria-hidden="true" className="size-3.5" />
                    <span className="sr-only">Phone numbers:</span>
                    {org.phoneNumbers.map((p) => (
                      <span key={p.id} className="whitespace-nowrap">
                        <span className="tabular-nums text-foreground">{formatPhone(p.number, country)}</span>
                        {p.label ? ` ${p.label}` : ''}
                      </span>
                    ))}
                  </p>
                ) : (
                  <p className="text-sm text-muted-foreground">No phone numbers yet.</p>
                )}
              </div>
            </div>
            <div className="flex flex-wrap items-center gap-2 sm:justify-end">
              <Button variant="outline" size="sm" onClick={() => onEdit(org)} aria-label={`${canEdit && !deactivated ? 'Edit' : 'View'} ${org.name}`}>
                {canEdit && !deactivated ? <Pencil aria-hidden="true" /> : <Eye aria-hidden="true" />}
                {canEdit && !deactivated ? 'Edit' : 'View'}
              </Button>
              <Button variant="outline" size="sm" asChild>
                <Link to={organizationPaths.hours.href(org.id)} aria-label={`Business hours of ${org.name}`}>
                  <Clock aria-hidden="true" />
                  Hours
                </Link>
              </Button>
              <Button variant="outline" size="sm" asChild>
                <Link to={organizationPaths.schedules.href(org.id)} aria-label={`Schedules of ${org.name}`}>
                  <CalendarClock aria-hidden="true" />
                  Schedules
                </Link>
              </Button>
              {canDeactivate ? (
                <div className="absolute right-3 top-3 sm:static">
                  <DropdownMenu>
                    <DropdownMenuTrigger asChild>
                      <Button variant="ghost" size="icon" className="size-8" aria-label={`More actions for ${org.name}`}>
                        <MoreHorizontal aria-hidden="true" />
                      </Button>
                    </DropdownMenuTrigger>
                    <DropdownMenuContent align="end">
                      {deactivated ? (
                        <DropdownMenuItem onSelect={() => onSetActive(org, true)}>
                          <Power aria-hidden="true" />
                          Reactivate
                        </DropdownMenuItem>
                      ) : (
                        <>
                          <DropdownMenuItem onSelect={() => onEdit(org)}>
                            <Pencil aria-hidden="true" />
                            Edit
                          </DropdownMenuItem>
                          <DropdownMenuSeparator />
                          <DropdownMenuItem destructive onSelect={() => onSetActive(org, false)}>
                            <PowerOff aria-hidden="true" />
                            Deactivate…
                          </DropdownMenuItem>
                        </>
                      )}
                    </DropdownMenuContent>
                  </DropdownMenu>
                </div>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
