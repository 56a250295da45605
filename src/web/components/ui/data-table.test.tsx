import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataTable, type ColumnDef } from './data-table';

/** Issue 19 §7: at phone width every row is a card whose cells say their column's name. */
type Row = { id: string; name: string; role: string };
const columns: ColumnDef<Row>[] = [
  { accessorKey: 'name', header: 'User' },
  { accessorKey: 'role', header: 'Role' },
  { id: 'actions', header: () => <span className="sr-only">Actions</span>, cell: () => <button type="button">More</button> },
];

describe('DataTable at phone width', () => {
  it('labels each cell with its column (the card layout reads it) and keeps the table roles', () => {
    render(
      <DataTable
        label="Users"
        columns={columns}
        data={[{ id: '1', name: 'Dana Reyes', role: 'Agent' }]}
        pagination={{ pageIndex: 0, pageSize: 25 }}
        onPaginationChange={() => undefined}
      />,
    );
    const table = screen.getByRole('table', { name: 'Users' });
    const [, row] = within(table).getAllByRole('row');
    const cells = within(row!).getAllByRole('cell');
    expect(cells.map((c) => c.getAttribute('data-label'))).toEqual(['User', 'Role', '']);
    expect(cells[0]!.className).toContain('max-sm:before:content-[attr(data-label)]');
    expect(row!.className).toContain('max-sm:block');
    // The header row stays for screen readers only on phones.
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['User', 'Role', 'Actions']);
    expect(table.querySelector('thead')!.className).toContain('max-sm:sr-only');
  });
});
