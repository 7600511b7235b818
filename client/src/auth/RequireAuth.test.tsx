import { render, screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '@tembea/schema';
import { RequireAuth } from './RequireAuth';
import { fakeJwt, mockClient, Providers, TEST_USER } from '../test/auth';

function LoginProbe() {
  const state = useLocation().state as { from?: { pathname?: string } } | null;
  return <p data-testid="login">{`login from=${state?.from?.pathname}`}</p>;
}

function renderGuarded() {
  const { client } = mockClient((call) => (call.operationName === 'Me' ? { data: { me: TEST_USER } } : { data: null }));
  render(
    <Providers client={client} path="/my-bookings">
      <Routes>
        <Route
          path="/my-bookings"
          element={
            <RequireAuth>
              <p>My bookings here</p>
            </RequireAuth>
          }
        />
        <Route path="/login" element={<LoginProbe />} />
      </Routes>
    </Providers>,
  );
}

describe('RequireAuth', () => {
  beforeEach(() => localStorage.clear());

  it('sends a visitor to /login noting the page to come back to', () => {
    renderGuarded();
    expect(screen.getByTestId('login').textContent).toBe('login from=/my-bookings');
  });

  it('shows a spinner while the stored session is checked, then the page', async () => {
    localStorage.setItem(TOKEN_KEY, fakeJwt({ sub: '7', role: 'user', exp: Math.floor(Date.now() / 1000) + 900 }));
    renderGuarded();
    expect(screen.getByText('Checking your session…')).toBeTruthy();
    expect(await screen.findByText('My bookings here')).toBeTruthy();
  });
});
