import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Member } from '@contracts/organizations';
import type { Schedule, ScheduleOverride } from '@contracts/schedules';
import { renderPage } from '@web/test/render';
import { server } from '@web/test/server';
import { OverrideDialog } from './override-dialog';

/**
 * Issue 28: cover runs from a date and time to another, the times typed and shown in the
 * practice's clock; the API still gets the wall times "YYYY-MM-DDTHH:MM".
 */
const schedule = {
  id: 'sch-1',
  organizationId: 'org-1',
  timeZone: 'America/New_York',
  name: 'Front desk',
  description: '',
  purpose: 'office_hours',
  version: 3,
  shifts: [],
  overrides: [],
  onDutyNow: [],
  dutyNow: 'on_duty',
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
} as Schedule;
const members: Member[] = [{ id: 'u-1', name: 'Dana Ortiz', email: 'dana@example.test', role: 'staff', status: 'active' }];
const override: ScheduleOverride = {
  id: 'ov-1',
  assignee: { type: 'user', userId: 'u-1', phone: null, name: 'Dana Ortiz' },
  replacesAssignee: null,
  from: '2030-06-07T21:00:00.000Z',
  to: '2030-06-10T12:00:00.000Z',
  fromLocal: '2030-06-07T17:00',
  toLocal: '2030-06-10T08:00',
  note: 'Lee on leave',
  version: 4,
};

function capture() {
  const sent: unknown[] = [];
  server.use(
    http.post('/api/schedules/sch-1/overrides', async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json(schedule);
    }),
    http.put('/api/schedules/sch-1/overrides/ov-1', async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json(schedule);
    }),
  );
  return sent;
}

describe('the cover dialog', () => {
  it('shows a US practice’s cover as 5:00 PM to 8:00 AM and sends the wall times unchanged', async () => {
    const sent = capture();
    const { user } = renderPage(<OverrideDialog schedule={schedule} members={members} country="US" target={{ mode: 'edit', override }} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Change cover' });
    const from = within(dialog).getByRole('group', { name: 'From' });
    const until = within(dialog).getByRole('group', { name: 'Until' });
    expect(within(from).getByLabelText('From Date')).toHaveValue('2030-06-07');
    expect(within(from).getByLabelText('From Time')).toHaveValue('5:00 PM');
    expect(within(until).getByLabelText('Until Date')).toHaveValue('2030-06-10');
    expect(within(until).getByLabelText('Until Time')).toHaveValue('8:00 AM');
    await user.click(within(dialog).getByRole('button', { name: 'Save cover' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ version: 4, override: { from: '2030-06-07T17:00', to: '2030-06-10T08:00' } });
  });

  it('takes a UK practice’s 24-hour times, showing 00:00 and 20:00', async () => {
    const sent = capture();
    const { user } = renderPage(
      <OverrideDialog schedule={{ ...schedule, timeZone: 'Europe/London' }} members={members} country="GB" target={{ mode: 'add', from: '2030-06-07T09:00', to: '2030-06-07T17:00' }} onClose={() => undefined} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Add cover' });
    expect(within(dialog).getByLabelText('From Time')).toHaveValue('09:00');
    expect(within(dialog).getByLabelText('Until Time')).toHaveValue('17:00');
    await user.selectOptions(within(dialog).getByLabelText('Who covers', { exact: true }), 'user:u-1');
    await user.clear(within(dialog).getByLabelText('From Time'));
    await user.type(within(dialog).getByLabelText('From Time'), '00:00');
    await user.clear(within(dialog).getByLabelText('Until Date'));
    await user.type(within(dialog).getByLabelText('Until Date'), '2030-06-08');
    await user.clear(within(dialog).getByLabelText('Until Time'));
    await user.type(within(dialog).getByLabelText('Until Time'), '8pm');
    await user.tab();
    expect(within(dialog).getByLabelText('From Time')).toHaveValue('00:00');
    expect(within(dialog).getByLabelText('Until Time')).toHaveValue('20:00');
    await user.click(within(dialog).getByRole('button', { name: 'Add cover' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ assignee: { type: 'user', userId: 'u-1' }, from: '2030-06-07T00:00', to: '2030-06-08T20:00' });
  });

  it('says which end is missing or not a time, in the practice’s clock', async () => {
    const sent = capture();
    const { user } = renderPage(<OverrideDialog schedule={schedule} members={members} country="US" target={{ mode: 'edit', override }} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Change cover' });
    await user.clear(within(dialog).getByLabelText('From Time'));
    await user.clear(within(dialog).getByLabelText('Until Time'));
    await user.type(within(dialog).getByLabelText('Until Time'), 'later');
    await user.click(within(dialog).getByRole('button', { name: 'Save cover' }));
    expect(await within(dialog).findByText('Enter when the cover starts.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a time such as 9:00 AM or 5:30 PM')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('From Date')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('Until Time')).toHaveAccessibleDescription('Enter a time such as 9:00 AM or 5:30 PM');
    expect(sent).toHaveLength(0);
  });
});
