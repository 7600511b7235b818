import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { REFRESH_TOKEN_KEY, TOKEN_KEY } from '@tembea/schema';
import { fakeJwt, mockClient, Providers } from '../../test/auth';
import { meAnswer } from '../../test/admin-fixtures';
import { AdminProfile } from './AdminProfile';

function renderProfile(role: 'admin' | 'user') {
  localStorage.setItem(TOKEN_KEY, fakeJwt({ sub: '7', role, exp: Math.floor(Date.now() / 1000) + 900 }));
  localStorage.setItem(REFRESH_TOKEN_KEY, 'refresh-1');
  const reloads: string[] = [];
  const mock = mockClient((c) =>
    c.operationName === 'Me'
      ? meAnswer(role)
      : { data: { logout: { __typename: 'LogoutPayload', allSessionsEnded: false } } },
  );
  render(
    <Providers client={mock.client} onReload={(p) => reloads.push(p)}>
      <AdminProfile />
    </Providers>,
  );
  return { ...mock, reloads };
}

describe('AdminProfile', () => {
  beforeEach(() => localStorage.clear());

  it('shows the admin account with its permissions and logs out to /login', async () => {
    const { reloads, calls } = renderProfile('admin');
    await waitFor(() => expect(calls.some((c) => c.operationName === 'Me')).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Admin Profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Admin Profile' });
    await waitFor(() => expect(dialog.textContent).toContain('amani@example.com'));
    for (const text of ['Amani Mushi Kileo', 'Role', 'admin', 'tours:write', 'Last login', 'Account created'])
      expect(dialog.textContent).toContain(text);
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(reloads).toEqual(['/login']));
  });

  it('tells anyone else Access denied: Not an admin.', async () => {
    const { calls } = renderProfile('user');
    await waitFor(() => expect(calls.some((c) => c.operationName === 'Me')).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Admin Profile' }));
    expect((await screen.findByRole('dialog', { name: 'Admin Profile' })).textContent).toContain(
      'Access denied: Not an admin.',
    );
  });
});
