import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ImportPreview, ImportPreviewBody } from '@contracts/outbound-import';
import { ORG_MAPLE, signedIn } from '@web/test/fixtures';
import { renderPage } from '@web/test/render';
import { server } from '@web/test/server';
import { NewCampaignRoute } from './outbound-new-campaign';

const CSV = 'name;phone\nAda;8605550100\nBob;12345\n';

function preview(body: ImportPreviewBody): ImportPreview {
  const fixed = body.csv.includes('Bob;8605550101');
  const mapping = body.mapping ?? { name: 'name', phone: 'phone' };
  return {
    headers: ['name', 'phone'],
    delimiter: ';',
    suggestedMapping: { name: 'name', phone: 'phone' },
    mapping,
    mappingProblems: {},
    counts: { rows: 2, valid: fixed ? 2 : 1, rejected: fixed ? 0 : 1 },
    problemCounts: fixed ? {} : { bad_number: 1 },
    sample: [
      { row: 2, cells: ['Ada', '8605550100'], problems: [], contact: { name: 'Ada', phone: '+18605550100', timeZone: null, dateOfBirth: null } },
      fixed
        ? { row: 3, cells: ['Bob', '8605550101'], problems: [], contact: { name: 'Bob', phone: '+18605550101', timeZone: null, dateOfBirth: null } }
        : { row: 3, cells: ['Bob', '12345'], problems: [{ code: 'bad_number', column: 'phone', message: '"12345" is not a valid phone number for US.' }], contact: null },
    ],
    rejectedRows: fixed ? [] : [{ row: 3, cells: ['Bob', '12345'], problems: [{ code: 'bad_number', column: 'phone', message: '"12345" is not a valid phone number for US.' }], contact: null }],
  };
}

function serve() {
  const previews: ImportPreviewBody[] = [];
  server.use(
    http.get('/api/outbound/summary', () => HttpResponse.json({ provider: 'simulator', runningCampaigns: [], callsInProgress: 0, waiting: 0, nextWindowOpensAt: null })),
    http.post('/api/outbound/imports/preview', async ({ request }) => {
      const body = (await request.json()) as ImportPreviewBody;
      previews.push(body);
      return HttpResponse.json(preview(body));
    }),
  );
  return previews;
}

const open = () => renderPage(<NewCampaignRoute />, { url: '/outbound/campaigns/new', session: signedIn({ role: 'supervisor', organizations: [ORG_MAPLE] }) });

describe('new campaign from a CSV', () => {
  it('reads the file, shows the suggested columns, then the refused row with its reason; fixing the row sends the corrected file again', async () => {
    const previews = serve();
    const { user } = open();
    expect(await screen.findByText(/Calls are placed by: Simulator/)).toBeInTheDocument();

    await user.upload(screen.getByLabelText(/Contacts file/), new File([CSV], 'contacts.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Read the file' }));
    expect(await screen.findByRole('heading', { name: 'Columns' })).toBeInTheDocument();
    expect(previews[0]).toEqual({ organizationId: ORG_MAPLE.id, csv: CSV });
    expect(screen.getByLabelText(/Phone number/)).toHaveValue('phone');

    await user.click(screen.getByRole('button', { name: 'Check the rows' }));
    expect(await screen.findByText('"12345" is not a valid phone number for US.')).toBeInTheDocument();
    expect(previews[1]!.mapping).toEqual({ name: 'name', phone: 'phone' });

    await user.click(screen.getByRole('button', { name: 'Fix row 3' }));
    const form = screen.getByRole('form', { name: 'Fix row 3' });
    const phone = within(form).getByLabelText('phone');
    await user.clear(phone);
    await user.type(phone, '8605550101');
    await user.click(within(form).getByRole('button', { name: 'Save and check again' }));

    await waitFor(() => expect(previews).toHaveLength(3));
    expect(previews[2]!.csv).toBe('name;phone\r\nAda;8605550100\r\nBob;8605550101');
    expect(await screen.findByText('Every row can be imported')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
  });

  it('refuses a file that is not UTF-8 in the browser, with what to do, and sends nothing', async () => {
    const previews = serve();
    const { user } = open();
    const latin1 = new Uint8Array([...new TextEncoder().encode('name,phone\nZo'), 0xeb, ...new TextEncoder().encode(',8605550100\n')]);
    await user.upload(screen.getByLabelText(/Contacts file/), new File([latin1], 'old.csv', { type: 'text/csv' }));
    expect(await screen.findByText(/not in UTF-8/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Read the file' }));
    expect(screen.getByText(/Save as" → "CSV UTF-8"/)).toBeInTheDocument();
    expect(previews).toEqual([]);
  });
});
