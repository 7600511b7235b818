import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REFRESH_TOKEN_KEY, TOKEN_KEY } from '@tembea/schema';
import { fakeJwt, mockClient, Providers, TEST_USER } from '../../test/auth';
import { LoginPage } from './LoginPage';

function renderLogin(handler: Parameters<typeof mockClient>[0], state?: unknown) {
  const mock = mockClient(handler);
  render(
    <Providers client={mock.client} path="/login" state={state}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/" element={<h1>Home page</h1>} />
        <Route path="/admin" element={<h1>Admin page</h1>} />
      </Routes>
    </Providers>,
  );
  return mock;
}

const fill = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('LoginPage', () => {
  afterEach(cleanup);
  beforeEach(() => localStorage.clear());

  it('requires email and password and checks the email format before calling the server', async () => {
    const { calls } = renderLogin(() => ({ data: null }));
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(/^Email/));

    fill(/^Email/, 'not-an-email');
    fill(/^Password/, 'secret');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.queryByText('Password is required')).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('toggles the password visibility', () => {
    renderLogin(() => ({ data: null }));
    const input = screen.getByLabelText(/^Password/) as HTMLInputElement;
    expect(input.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input.type).toBe('text');
  });

  it('shows Login Failed with the server message and Try Again', async () => {
    renderLogin(() => ({
      errors: [{ message: 'Invalid email or password.', extensions: { code: 'UNAUTHENTICATED' } }],
    }));
    fill(/^Email/, 'amani@example.com');
    fill(/^Password/, 'wrong-password');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    const alert = await screen.findByRole('alertdialog', { name: /Login Failed/ });
    expect(alert.textContent).toContain('Invalid email or password.');
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('stores both tokens, says Welcome! and then takes an admin to /admin', async () => {
    const access = fakeJwt({ sub: '7', role: 'admin', exp: Math.floor(Date.now() / 1000) + 900 });
    const { calls } = renderLogin(() => ({
      data: {
        login: {
          __typename: 'LoginPayload',
          accessToken: access,
          refreshToken: 'refresh-1',
          user: { ...TEST_USER, role: 'admin' },
        },
      },
    }));
    fill(/^Email/, ' amani@example.com ');
    fill(/^Password/, 'right-password');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alertdialog', { name: /Welcome!/ })).toBeTruthy();
    expect(calls[0]!.variables).toEqual({ input: { email: 'amani@example.com', password: 'right-password' } });
    expect(localStorage.getItem(TOKEN_KEY)).toBe(access);
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBe('refresh-1');
    expect(await screen.findByRole('heading', { name: 'Admin page' }, { timeout: 3000 })).toBeTruthy();
  });

  it('fails with the spec text when the answer has no access token', async () => {
    renderLogin(() => ({
      data: { login: { __typename: 'LoginPayload', accessToken: '', refreshToken: 'r', user: TEST_USER } },
    }));
    fill(/^Email/, 'amani@example.com');
    fill(/^Password/, 'right-password');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    const alert = await screen.findByRole('alertdialog', { name: /Login Failed/ });
    expect(alert.textContent).toContain('Access token not found in response.');
  });
});
