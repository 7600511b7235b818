import { render, screen, waitFor } from '@testing-library/react';
import { ApolloProvider } from '@apollo/client/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '@tembea/schema';
import { AuthProvider } from '../auth/AuthProvider';
import { fakeJwt, mockClient } from '../test/auth';
import { meAnswer } from '../test/admin-fixtures';
import { routes } from './router';

/** The app's routes at `path`, with a mocked network that knows the signed-in user (if any). */
function renderAt(path: string, role?: 'admin' | 'user') {
  if (role) localStorage.setItem(TOKEN_KEY, fakeJwt({ sub: '7', role, exp: Math.floor(Date.now() / 1000) + 900 }));
  const { client } = mockClient((c) => (c.operationName === 'Me' && role ? meAnswer(role) : { data: null }));
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <ApolloProvider client={client}>
      <AuthProvider onReload={() => undefined}>
        <RouterProvider router={router} />
      </AuthProvider>
    </ApolloProvider>,
  );
  return router;
}

describe('routes', () => {
  beforeEach(() => localStorage.clear());

  it.each(['/admin/foo', '/admin/edit'])(
    'shows an admin the not-found page inside the admin layout at %s',
    async (path) => {
      const router = renderAt(path, 'admin');
      expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
      expect(screen.getByText('There is no page at this address.')).toBeTruthy();
      expect(screen.getByRole('navigation', { name: 'Admin' })).toBeTruthy();
      expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
      expect(router.state.location.pathname).toBe(path);
    },
  );

  it('sends a visitor at an unknown admin address to /login, as for every admin page', async () => {
    const router = renderAt('/admin/foo');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: { pathname: '/admin/foo', search: '' } });
    expect(screen.queryByText('Page not found')).toBeNull();
  });

  it('sends a signed-in traveller at an unknown admin address to /unauthorized', async () => {
    const router = renderAt('/admin/foo', 'user');
    await waitFor(() => expect(router.state.location.pathname).toBe('/unauthorized'));
  });

  it('keeps the public not-found page, with the public navigation, for other unknown addresses', async () => {
    renderAt('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Admin' })).toBeNull();
  });
});
