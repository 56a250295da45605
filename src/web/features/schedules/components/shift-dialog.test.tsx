import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Member } from '@contracts/organizations';
import type { Schedule, Shift } from '@contracts/schedules';
import { renderPage } from '@web/test/render';
import { server } from '@web/test/server';
import { ShiftDialog } from './shift-dialog';

/** Issue 28: a shift's start and end are typed and shown in the practice's clock; the API still gets "HH:MM". */
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
const shift: Shift = {
  id: 'sh-1',
  assignee: { type: 'user', userId: 'u-1', phone: null, name: 'Dana Ortiz' },
  days: [1, 2, 3, 4, 5],
  start: '08:00',
  end: '17:30',
  effectiveFrom: null,
  effectiveTo: null,
  precedence: 0,
  version: 2,
};

function capture() {
  const sent: unknown[] = [];
  server.use(
    http.post('/api/schedules/sch-1/shifts', async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json(schedule);
    }),
    http.put('/api/schedules/sch-1/shifts/sh-1', async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json(schedule);
    }),
  );
  return sent;
}

describe('the shift dialog', () => {
  it('shows a US practice’s shift as 8:00 AM – 5:30 PM and sends the times unchanged', async () => {
    const sent = capture();
    const { user } = renderPage(<ShiftDialog schedule={schedule} members={members} country="US" target={{ mode: 'edit', shift }} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Change shift' });
    expect(within(dialog).getByLabelText('Starts')).toHaveValue('8:00 AM');
    expect(within(dialog).getByLabelText('Ends')).toHaveValue('5:30 PM');
    expect(within(dialog).getByLabelText('Starts')).toHaveAttribute('type', 'text');
    await user.click(within(dialog).getByRole('button', { name: 'Save shift' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ version: 2, shift: { start: '08:00', end: '17:30' } });
  });

  it('takes a UK practice’s 24-hour times (and a typed "7pm"), showing 07:00 and 19:00', async () => {
    const sent = capture();
    const { user } = renderPage(<ShiftDialog schedule={{ ...schedule, timeZone: 'Europe/London' }} members={members} country="GB" target={{ mode: 'add' }} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add a shift' });
    expect(within(dialog).getByLabelText('Starts')).toHaveValue('09:00');
    expect(within(dialog).getByLabelText('Ends')).toHaveValue('17:00');
    await user.selectOptions(within(dialog).getByLabelText('Who is on duty', { exact: true }), 'user:u-1');
    await user.clear(within(dialog).getByLabelText('Starts'));
    await user.type(within(dialog).getByLabelText('Starts'), '7');
    await user.clear(within(dialog).getByLabelText('Ends'));
    await user.type(within(dialog).getByLabelText('Ends'), '7pm');
    await user.tab();
    expect(within(dialog).getByLabelText('Starts')).toHaveValue('07:00');
    expect(within(dialog).getByLabelText('Ends')).toHaveValue('19:00');
    await user.click(within(dialog).getByRole('button', { name: 'Add shift' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ assignee: { type: 'user', userId: 'u-1' }, start: '07:00', end: '19:00' });
  });

  it('asks for a time, in the practice’s clock, when the words typed are not one', async () => {
    const sent = capture();
    const { user } = renderPage(<ShiftDialog schedule={schedule} members={members} country="US" target={{ mode: 'edit', shift }} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Change shift' });
    await user.clear(within(dialog).getByLabelText('Ends'));
    await user.type(within(dialog).getByLabelText('Ends'), 'late');
    await user.click(within(dialog).getByRole('button', { name: 'Save shift' }));
    expect(await within(dialog).findByText('Enter a time such as 9:00 AM or 5:30 PM')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Ends')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toHaveLength(0);
  });
});
