import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { errorBody, ORG_MAPLE } from '@web/test/fixtures';
import { findAlert, renderPage } from '@web/test/render';
import { server } from '@web/test/server';
import { HoursEditor } from './hours-editor';

/** Monday with a lunch break, Tuesday all day; closed on the other days. */
const stored = {
  organizationId: ORG_MAPLE.id,
  timeZone: 'America/New_York',
  weekly: [
    { day: 2, start: '09:00', end: '17:00' },
    { day: 1, start: '13:00', end: '17:00' },
    { day: 1, start: '09:00', end: '12:00' },
  ],
  overrides: [],
  version: 7,
  updatedAt: '2025-01-02T10:00:00.000Z',
  status: { open: false, paused: false, label: null, nextChange: null, text: 'Closed' },
};

/** `PUT /api/organizations/:id/hours` answered by `answer`, keeping the bodies sent. */
function serveSave(answer: (body: Record<string, unknown>) => Response) {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.put(`/api/organizations/${ORG_MAPLE.id}/hours`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      return answer(body);
    }),
    // Saving refreshes the "open now" badges elsewhere; nothing here shows them.
    http.get('/api/organizations/open-now', () => HttpResponse.json({ items: [] })),
  );
  return bodies;
}

/** Maple Street is a US practice: its times are on the 12-hour clock unless a test says otherwise. */
function open({ readOnly = false, country = 'US' } = {}) {
  const onReload = vi.fn();
  const page = renderPage(
    <HoursEditor stored={stored} organizationName={ORG_MAPLE.name} country={country} paused={false} readOnly={readOnly} onReload={onReload} reloading={false} />,
    { url: '/organizations/hours' },
  );
  return { ...page, onReload };
}

/** A time input by its label ("Monday, hours 2: opens"); set as if pasted in one go. */
const time = (name: string) => screen.getByLabelText(name);
const setTime = (name: string, value: string) => fireEvent.change(time(name), { target: { value } });

describe('hours editor', () => {
  it('shows each day’s intervals in order, and the closed days', () => {
    open();

    expect(time('Monday, hours 1: opens')).toHaveValue('9:00 AM');
    expect(time('Monday, hours 2: opens')).toHaveValue('1:00 PM');
    expect(time('Tuesday, hours 1: closes')).toHaveValue('5:00 PM');
    expect(within(screen.getByRole('group', { name: 'Sunday' })).getByText('Closed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Save hours/ })).toBeDisabled();
    expect(screen.getByText(/^Saved /)).toBeInTheDocument();
  });

  it('says at once when two intervals overlap, and does not save them', async () => {
    serveSave(() => HttpResponse.json(stored));
    const { user } = open();

    setTime('Monday, hours 2: opens', '11:00');

    expect(time('Monday, hours 2: opens')).toHaveAccessibleDescription('Mon 9:00 AM–12:00 PM overlaps Mon 11:00 AM–5:00 PM.');
    expect(time('Monday, hours 2: opens')).toBeInvalid();
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Save hours/ }));
    expect(await findAlert('Some hours need attention')).toHaveTextContent('Nothing was saved.');
  });

  it('waits for a save before calling a half-typed time wrong', async () => {
    serveSave(() => HttpResponse.json(stored));
    const { user } = open();

    setTime('Tuesday, hours 1: closes', '');
    expect(time('Tuesday, hours 1: closes')).not.toBeInvalid();

    await user.click(screen.getByRole('button', { name: /Save hours/ }));
    await waitFor(() => expect(time('Tuesday, hours 1: closes')).toHaveAccessibleDescription('Closes: Enter a time such as 9:00 AM or 5:30 PM.'));
  });

  it('saves the week in one request, day by day, with the version it started from', async () => {
    const bodies = serveSave((body) => HttpResponse.json({ ...stored, ...body, version: 8 }));
    const { user } = open();

    await user.click(screen.getByRole('button', { name: 'Add hours on Saturday' }));
    setTime('Saturday, hours 1: closes', '12:30');
    await user.click(screen.getByRole('button', { name: /Save hours/ }));

    expect(await screen.findByText(`Saved the hours of ${ORG_MAPLE.name}`)).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        version: 7,
        weekly: [
          { day: 1, start: '09:00', end: '12:00' },
          { day: 1, start: '13:00', end: '17:00' },
          { day: 2, start: '09:00', end: '17:00' },
          { day: 6, start: '09:00', end: '12:30' },
        ],
        overrides: [],
      },
    ]);
  });

  it('puts the server’s message about `weekly.2.end` beside the interval that was sent third', async () => {
    serveSave(() => HttpResponse.json(errorBody('validation_failed', 'Some fields need attention.', { 'weekly.2.end': 'must be 20:00 or earlier' }), { status: 400 }));
    const { user } = open();

    setTime('Tuesday, hours 1: closes', '23:00');
    await user.click(screen.getByRole('button', { name: /Save hours/ }));

    await waitFor(() => expect(time('Tuesday, hours 1: closes')).toHaveAccessibleDescription('Closes: Must be 8:00 PM or earlier.'));
    expect(time('Monday, hours 2: closes')).not.toBeInvalid();
    expect(screen.getByText('Some hours need attention')).toBeInTheDocument();
  });

  it('a save over someone else’s (409) offers to reload the latest hours', async () => {
    serveSave(() => HttpResponse.json(errorBody('stale_version', 'These hours were changed by someone else.'), { status: 409 }));
    const { user, onReload } = open();

    setTime('Tuesday, hours 1: closes', '18:00');
    await user.click(screen.getByRole('button', { name: /Save hours/ }));

    const alert = await findAlert('Changed elsewhere — reload');
    await user.click(within(alert).getByRole('button', { name: 'Reload the latest hours' }));
    expect(onReload).toHaveBeenCalled();
  });

  it('copies Monday to the other weekdays, and discards changes', async () => {
    const { user } = open();

    await user.click(screen.getByRole('button', { name: 'Copy Monday to weekdays' }));
    expect(time('Friday, hours 2: opens')).toHaveValue('1:00 PM');
    expect(time('Tuesday, hours 1: closes')).toHaveValue('12:00 PM');
    expect(within(screen.getByRole('group', { name: 'Saturday' })).getByText('Closed')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(screen.queryByLabelText('Friday, hours 1: opens')).not.toBeInTheDocument();
    expect(time('Tuesday, hours 1: closes')).toHaveValue('5:00 PM');
  });

  it('a holiday with special hours must have some hours, and its end date cannot come before its start', async () => {
    serveSave(() => HttpResponse.json(stored));
    const { user } = open();

    await user.click(screen.getByRole('button', { name: 'Add a holiday or special hours' }));
    await user.type(screen.getByRole('textbox', { name: 'Label' }), 'Staff training');
    const from = screen.getByLabelText('From');
    fireEvent.change(from, { target: { value: '2030-11-27' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2030-11-26' } });
    expect(screen.getByLabelText('To')).toHaveAccessibleDescription('Must be on or after the start date.');
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2030-11-28' } });

    await user.click(screen.getByRole('radio', { name: 'Special hours' }));
    expect(time('Staff training, hours 1: opens')).toHaveValue('9:00 AM');
    await user.click(screen.getByRole('button', { name: 'Remove Staff training, hours 1' }));

    expect(screen.getByText('Add opening hours or mark the dates closed.')).toBeInTheDocument();
  });

  it('shows the hours without controls to a role that may only read them', () => {
    open({ readOnly: true });

    expect(time('Monday, hours 1: opens')).toBeDisabled();
    expect(screen.queryByRole('button', { name: /Save hours/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add hours on Monday' })).not.toBeInTheDocument();
  });

  it('takes times as people type them in the 12-hour clock, shows them back, and sends HH:MM', async () => {
    const bodies = serveSave((body) => HttpResponse.json({ ...stored, ...body, version: 8 }));
    const { user } = open();

    await user.click(screen.getByRole('button', { name: 'Add hours on Saturday' }));
    await user.clear(time('Saturday, hours 1: opens'));
    await user.type(time('Saturday, hours 1: opens'), '8am');
    expect(time('Saturday, hours 1: opens')).toHaveValue('8am');
    await user.tab();
    expect(time('Saturday, hours 1: opens')).toHaveValue('8:00 AM');
    await user.clear(time('Saturday, hours 1: closes'));
    await user.type(time('Saturday, hours 1: closes'), '12:30 pm');
    await user.clear(time('Monday, hours 2: closes'));
    await user.type(time('Monday, hours 2: closes'), '17:45');
    await user.tab();
    expect(time('Monday, hours 2: closes')).toHaveValue('5:45 PM');
    await user.click(screen.getByRole('button', { name: /Save hours/ }));

    expect(await screen.findByText(`Saved the hours of ${ORG_MAPLE.name}`)).toBeInTheDocument();
    expect(bodies[0]!.weekly).toEqual([
      { day: 1, start: '09:00', end: '12:00' },
      { day: 1, start: '13:00', end: '17:45' },
      { day: 2, start: '09:00', end: '17:00' },
      { day: 6, start: '08:00', end: '12:30' },
    ]);
  });

  it('says what a time that is not one should look like, and saves nothing', async () => {
    const bodies = serveSave(() => HttpResponse.json(stored));
    const { user } = open();

    await user.clear(time('Tuesday, hours 1: opens'));
    await user.type(time('Tuesday, hours 1: opens'), 'nine-ish');
    await user.tab();
    expect(time('Tuesday, hours 1: opens')).toHaveValue('nine-ish');
    // Words are not a time, so they cannot make the interval run into the next day.
    expect(within(screen.getByRole('group', { name: 'Tuesday' })).queryByText('next day')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Save hours/ }));

    await waitFor(() => expect(time('Tuesday, hours 1: opens')).toHaveAccessibleDescription('Opens: Enter a time such as 9:00 AM or 5:30 PM.'));
    expect(time('Tuesday, hours 1: opens')).toBeInvalid();
    expect(bodies).toEqual([]);
  });

  it('the preview speaks the same clock as the fields', () => {
    open();
    const preview = screen.getByRole('heading', { name: 'The next 7 days' }).parentElement!;
    const monday = within(preview).getAllByRole('listitem').find((li) => li.textContent?.startsWith('Mon'));
    expect(monday).toHaveTextContent('9:00 AM–12:00 PM, 1:00 PM–5:00 PM');
    // Every hour of this week is ahead of some moment, so the status always names a change: "… opens Mon 9:00 AM".
    expect(screen.getByTestId('hours-preview-status')).toHaveTextContent(/(opens|closes) (\w{3} )?\d{1,2}:\d\d (AM|PM)/);
  });

  it('a practice on the 24-hour clock sees and types 24-hour times, in the fields and the preview', async () => {
    const bodies = serveSave((body) => HttpResponse.json({ ...stored, ...body, version: 8 }));
    const { user } = open({ country: 'GB' });

    expect(time('Monday, hours 2: opens')).toHaveValue('13:00');
    expect(time('Tuesday, hours 1: closes')).toHaveValue('17:00');
    const preview = screen.getByRole('heading', { name: 'The next 7 days' }).parentElement!;
    expect(within(preview).getAllByRole('listitem').find((li) => li.textContent?.startsWith('Tue'))).toHaveTextContent('09:00–17:00');

    await user.clear(time('Tuesday, hours 1: closes'));
    await user.type(time('Tuesday, hours 1: closes'), '6:30 pm');
    await user.tab();
    expect(time('Tuesday, hours 1: closes')).toHaveValue('18:30');
    await user.click(screen.getByRole('button', { name: /Save hours/ }));
    expect(await screen.findByText(`Saved the hours of ${ORG_MAPLE.name}`)).toBeInTheDocument();
    expect(bodies[0]!.weekly).toContainEqual({ day: 2, start: '09:00', end: '18:30' });
  });
});
