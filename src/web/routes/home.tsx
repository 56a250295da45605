import { CalendarPlus, ClipboardList, Headset, LogIn, PhoneCall, ShieldCheck, Siren } from 'lucide-react';
import { Link, redirect } from 'react-router';
import { queryClient } from '@web/app/query-client';
import { DocumentTitle } from '@web/components/document-title';
import { Button } from '@web/components/ui/button';
import { sessionQueryOptions } from '@web/lib/queries/get-session';
import { paths } from '@web/lib/paths';

/** Signed-in staff go straight to their overview; everyone else gets the front page. */
export async function loader() {
  const session = await queryClient.fetchQuery({ ...sessionQueryOptions(), retry: false }).catch(() => null);
  if (session?.user) throw redirect(paths.overview.path);
  return null;
}

const patientFeatures = [
  {
    icon: PhoneCall,
    title: 'Calls answered, day and night',
    body: 'Call your practice as usual. Its phone assistant answers in the practice’s name, tells you the opening hours, takes a message or an appointment request, and passes you to a person when you need one.',
  },
  {
    icon: CalendarPlus,
    title: 'Request an appointment online',
    body: 'Choose your practice, tell it who you are and when suits you. You get a reference code, and the practice calls you back to confirm.',
  },
  {
    icon: ClipboardList,
    title: 'Follow your requests',
    body: 'In the patient portal you see your requests and their status, fill in the intake form before your visit, and read messages from the practice.',
  },
];

const staffFeatures = [
  'Live and past calls with transcripts and summaries',
  'One work queue for callbacks, messages and urgent cases',
  'Outbound calls and reminder campaigns within calling hours',
  'Opening hours, on-duty schedules and analytics per practice',
];

/** / — the public front page. */
export function HomeRoute() {
  return (
    <>
      <DocumentTitle title="Phone and web front desk for healthcare practices" />
      <section className="border-b border-border bg-card">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:px-6 md:py-20 lg:grid-cols-[1.3fr_1fr] lg:items-center">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wide text-primary">Switchboard for healthcare practices</p>
            <h1 className="mt-3 text-3xl font-semibold leading-tight tracking-tight text-foreground sm:text-5xl">
              Every call to your practice, answered.
            </h1>
            <p className="mt-5 max-w-xl text-lg leading-relaxed text-muted-foreground">
              Switchboard answers and places phone calls for clinics with an AI phone agent, takes appointment requests on the phone
              and on the web, and hands every case that needs a person to the practice team.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Button size="lg" asChild>
                <Link reloadDocument to={paths.requestAppointment.path}>
                  <CalendarPlus aria-hidden="true" />
                  Request an appointment
                </Link>
              </Button>
              <Button size="lg" variant="outline" asChild>
                <Link reloadDocument to={paths.portal.path}>
                  <ClipboardList aria-hidden="true" />
                  Patient portal
                </Link>
              </Button>
            </div>
            <p className="mt-4 text-sm text-muted-foreground">
              Practice staff:{' '}
              <Link to={paths.login.path} className="font-medium text-primary underline underline-offset-4 hover:text-primary-hover">
                sign in to Switchboard
              </Link>
              .
            </p>
          </div>

          <aside aria-labelledby="emergency-heading" className="rounded-xl border border-red-200 bg-destructive-soft p-6">
            <div className="flex items-center gap-3 text-destructive-soft-foreground">
              <Siren aria-hidden="true" className="size-6 shrink-0" />
              <h2 id="emergency-heading" className="text-lg font-semibold">
                In an emergency
              </h2>
            </div>
            <p className="mt-3 leading-relaxed text-destructive-soft-foreground">
              Call your local emergency number now. Do not request an appointment or wait for a call back. If you call a practice
              with an emergency, the phone assistant tells you the same and alerts the team.
            </p>
          </aside>
        </div>
      </section>

      <section aria-labelledby="patients-heading" className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
        <h2 id="patients-heading" className="text-2xl font-semibold tracking-tight">
          For patients
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {patientFeatures.map((feature) => (
            <li key={feature.title} className="rounded-xl border border-border bg-card p-6">
              <span className="flex size-10 items-center justify-center rounded-lg bg-primary-soft text-primary">
                <feature.icon aria-hidden="true" className="size-5" />
              </span>
              <h3 className="mt-4 font-semibold">{feature.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{feature.body}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="practices-heading" className="border-t border-border bg-card">
        <div className="mx-auto grid max-w-6xl gap-8 px-4 py-14 sm:px-6 md:grid-cols-2 md:items-start">
          <div>
            <h2 id="practices-heading" className="text-2xl font-semibold tracking-tight">
              For practice teams
            </h2>
            <p className="mt-3 leading-relaxed text-muted-foreground">
              The phone agent handles routine calls; your front desk gets the rest with full context, in one place, for every
              practice you run.
            </p>
            <Button className="mt-6" variant="outline" asChild>
              <Link to={paths.login.path}>
                <LogIn aria-hidden="true" />
                Staff sign in
              </Link>
            </Button>
          </div>
          <ul className="space-y-3">
            {staffFeatures.map((item) => (
              <li key={item} className="flex items-start gap-3 rounded-lg border border-border bg-background p-4 text-sm">
                <Headset aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
                <span>{item}</span>
              </li>
            ))}
            <li className="flex items-start gap-3 rounded-lg border border-border bg-background p-4 text-sm">
              <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
              <span>Each practice sees only its own patients and calls</span>
            </li>
          </ul>
        </div>
      </section>
    </>
  );
}

export { HomeRoute as Component };
