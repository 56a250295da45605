import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Clinician } from '@contracts/calendars';
import { errorBody } from '@web/test/fixtures';
import { renderPage } from '@web/test/render';
import { server } from '@web/test/server';
import { ORG, clinician, clinicianSummary, location, visitType } from '../testing/calendar-fixtures';
import { CliniciansPanel } from './clinicians-panel';

/**
 * Issue 31 §1: a clinician's weekly availability is typed in the practice's clock, saved in one
 * request with the version it started from, and the server's messages and warnings (outside office
 * hours) come back beside the ranges they are about.
 */
const locations = [location(), location({ id: 'loc-2', name: 'North office' })];
const saved = clinician({ weekly: [{ day: 1, start: '09:00', end: '12:00', locationId: 'loc-1' }] });

function serve(current: Clinician, onPut: (body: unknown) => Response | Promise<Response>) {
  const sent: unknown[] = [];
  server.use(
    http.get(`/api/organizations/${ORG}/clinicians`, () => HttpResponse.json({ items: [clinicianSummary()] })),
    http.get('/api/clinicians/cl-1', () => HttpResponse.json(current)),
    http.put('/api/clinicians/cl-1/availability', async ({ request }) => {
      const body = await request.json();
      sent.push(body);
      return onPut(body);
    }),
  );
  return sent;
}

function renderPanel(canEdit = true) {
  return renderPage(
    <CliniciansPanel organizationId={ORG} country="US" canEdit={canEdit} visitTypes={[visitType()]} locations={locations} members={[]} selectedId="cl-1" onSelect={() => undefined} />,
  );
}

describe('the weekly availability editor', () => {
  it('adds a range typed in the practice’s clock, saves the week with its version, and shows the server’s warning beside the range', async () => {
    const sent = serve(saved, () =>
      HttpResponse.json(
        clinician({
          version: 5,
          weekly: [
            { day: 1, start: '09:00', end: '12:00', locationId: 'loc-1' },
            { day: 2, start: '13:00', end: '17:30', locationId: 'loc-2' },
          ],
          warnings: [{ path: 'weekly.1', message: 'Tue 17:00–17:30 is outside office hours; no visits are offered then.' }],
        }),
      ),
    );
    const { user } = renderPanel();
    expect(await screen.findByLabelText('Monday, range 1: from')).toHaveValue('9:00 AM');
    expect(screen.getByLabelText('Monday, range 1: until')).toHaveValue('12:00 PM');

    await user.click(screen.getByRole('button', { name: 'Add hours on Tuesday' }));
    const from = screen.getByLabelText('Tuesday, range 1: from');
    await user.clear(from);
    await user.type(from, '1pm');
    const until = screen.getByLabelText('Tuesday, range 1: until');
    await user.clear(until);
    await user.type(until, '5:30 PM');
    await user.selectOptions(screen.getByLabelText('Tuesday, range 1: location'), 'North office');
    await user.tab();
    expect(from).toHaveValue('1:00 PM');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save hours' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      version: 4,
      weekly: [
        { day: 1, start: '09:00', end: '12:00', locationId: 'loc-1' },
        { day: 2, start: '13:00', end: '17:30', locationId: 'loc-2' },
      ],
    });
    // The saved week comes back with the warning, in the practice's clock, beside Tuesday's range.
    expect(await screen.findByText('Tue 5:00 PM–5:30 PM is outside office hours; no visits are offered then.')).toBeInTheDocument();
    expect(screen.getByLabelText('Tuesday, range 1: from')).toHaveAccessibleDescription(/outside office hours/);
    expect(screen.getByText('Some hours are outside office hours')).toBeInTheDocument();
    expect(screen.getByText('All changes saved')).toBeInTheDocument();
  });

  it('puts the server’s field message beside the range it names, and saves nothing', async () => {
    const sent = serve(saved, () => HttpResponse.json(errorBody('validation_failed', 'Some fields need attention.', { 'weekly.0.locationId': 'Choose a location of this organization that is in use.' }), { status: 400 }));
    const { user } = renderPanel();
    await screen.findByLabelText('Monday, range 1: from');
    await user.click(screen.getByRole('button', { name: 'Add hours on Sunday' }));
    await user.click(screen.getByRole('button', { name: 'Save hours' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    const location = screen.getByLabelText('Monday, range 1: location');
    await waitFor(() => expect(location).toHaveAttribute('aria-invalid', 'true'));
    expect(location).toHaveAccessibleDescription('Location: Choose a location of this organization that is in use.');
    expect(screen.getByText('Some hours need attention')).toBeInTheDocument();
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
  });

  it('checks overlapping ranges and words typed for a time before sending anything', async () => {
    const sent = serve(saved, () => HttpResponse.json(saved));
    const { user } = renderPanel();
    await screen.findByLabelText('Monday, range 1: from');
    await user.click(screen.getByRole('button', { name: 'Add hours on Monday' }));
    const from = screen.getByLabelText('Monday, range 2: from');
    await user.clear(from);
    await user.type(from, '11am');
    await user.click(screen.getByRole('button', { name: 'Add hours on Wednesday' }));
    await user.clear(screen.getByLabelText('Wednesday, range 1: until'));
    await user.type(screen.getByLabelText('Wednesday, range 1: until'), 'late');
    await user.click(screen.getByRole('button', { name: 'Save hours' }));
    expect(await screen.findByText('Mon 9:00 AM–12:00 PM overlaps Mon 11:00 AM–4:00 PM.')).toBeInTheDocument();
    expect(screen.getByText('Until: Enter a time such as 9:00 AM or 5:30 PM.')).toBeInTheDocument();
    expect(screen.getByLabelText('Wednesday, range 1: until')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toHaveLength(0);
  });

  it('shows the week as text, without controls, to someone who may not edit it', async () => {
    serve(saved, () => HttpResponse.json(saved));
    renderPanel(false);
    const week = await screen.findByText('9:00 AM–12:00 PM');
    expect(week.closest('li')).toHaveTextContent('9:00 AM–12:00 PM at Main clinic');
    expect(screen.queryByRole('button', { name: 'Save hours' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add hours/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add exception' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Clinicians' })).getByText('Dr. Amara Rivera')).toBeInTheDocument();
  });
});
