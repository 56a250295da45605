import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ORG_HARBOR, ORG_MAPLE, signedIn } from '@web/test/fixtures';
import { renderPage } from '@web/test/render';
import { server } from '@web/test/server';
import { UsersRoute } from './users';

function staffUser(overrides: Record<string, unknown> = {}) {
  return {
    id: 'u0000000-0000-4000-8000-000000000001',
    email: 'kim@example.com',
    name: 'Kim Lee',
    role: 'agent',
    status: 'active',
    organizationIds: [ORG_MAPLE.id],
    mustChangePassword: false,
    twoFactorEnabled: false,
    lockedUntil: null,
    lastSignInAt: '2025-03-04T15:00:00.000Z',
    createdAt: '2025-01-02T10:00:00.000Z',
    ...overrides,
  };
}

/** Answers the users page's requests and keeps the query of every `GET /api/users`. */
function serveUsers(items: unknown[] = [staffUser()], total = items.length) {
  const requests: URLSearchParams[] = [];
  server.use(
    http.get('/api/users', ({ request }) => {
      const query = new URL(request.url).searchParams;
      requests.push(query);
      return HttpResponse.json({ items, total, page: Number(query.get('page') ?? 1), pageSize: Number(query.get('pageSize') ?? 25) });
    }),
    http.get('/api/organizations', () => HttpResponse.json({ items: [ORG_MAPLE, ORG_HARBOR] })),
    http.get('/api/security-settings', () => HttpResponse.json({ twoFactorRequiredRoles: [] })),
  );
  return { requests, last: () => requests[requests.length - 1]! };
}

function openUsers(url: string) {
  return renderPage(<UsersRoute />, { url, session: signedIn({ role: 'admin' }) });
}

async function usersTable() {
  await screen.findByText('kim@example.com', { exact: false });
  return screen.getByRole('table', { name: 'Staff users' });
}

describe('users list', () => {
  it('asks for the users by name, A to Z, and says so on the column', async () => {
    const users = serveUsers();
    openUsers('/users');
    const table = await usersTable();

    expect(users.last().get('sort')).toBe('name');
    expect(users.last().get('order')).toBe('asc');
    expect(within(table).getByRole('columnheader', { name: 'User' })).toHaveAttribute('aria-sort', 'ascending');
    expect(within(table).getByRole('columnheader', { name: 'Last sign-in' })).toHaveAttribute('aria-sort', 'none');
    expect(within(table).getByRole('columnheader', { name: 'Role' })).not.toHaveAttribute('aria-sort');
  });

  it('sorts by last sign-in from the column header, latest first, back on the first page', async () => {
    const users = serveUsers([staffUser()], 60);
    const { user, searchParams } = openUsers('/users?page=2');
    await usersTable();

    await user.click(screen.getByRole('button', { name: 'Last sign-in' }));

    await waitFor(() => expect(searchParams().get('sort')).toBe('lastSignInAt'));
    expect(searchParams().get('order')).toBe('desc');
    expect(searchParams().has('page')).toBe(false);
    await waitFor(() => expect(users.last().get('sort')).toBe('lastSignInAt'));
    expect(users.last().get('order')).toBe('desc');
    expect(users.last().get('page')).toBe('1');
    expect(screen.getByRole('columnheader', { name: 'Last sign-in' })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('columnheader', { name: 'User' })).toHaveAttribute('aria-sort', 'none');
  });

  it('turns the name order around from the keyboard', async () => {
    const users = serveUsers();
    const { user, searchParams } = openUsers('/users');
    await usersTable();

    screen.getByRole('button', { name: 'User' }).focus();
    await user.keyboard('{Enter}');

    await waitFor(() => expect(searchParams().get('order')).toBe('desc'));
    await waitFor(() => expect(users.last().get('order')).toBe('desc'));
    expect(users.last().get('sort')).toBe('name');
    expect(screen.getByRole('columnheader', { name: 'User' })).toHaveAttribute('aria-sort', 'descending');
  });

  it('reads the sort from the address', async () => {
    const users = serveUsers();
    openUsers('/users?sort=lastSignInAt&order=desc');
    await usersTable();

    expect(users.last().get('sort')).toBe('lastSignInAt');
    expect(users.last().get('order')).toBe('desc');
    expect(screen.getByRole('columnheader', { name: 'Last sign-in' })).toHaveAttribute('aria-sort', 'descending');
  });
});
