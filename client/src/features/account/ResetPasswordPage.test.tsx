import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { mockClient, Providers, type MockResult } from '../../test/auth';
import { ResetPasswordPage } from './ResetPasswordPage';

const RESET_OK: MockResult = {
  data: { resetPassword: { __typename: 'ResetPasswordPayload', message: 'Your password has been reset.' } },
};

function renderReset(path: string, answer: MockResult = RESET_OK) {
  const mock = mockClient(() => answer);
  render(
    <Providers client={mock.client} path={path}>
      <Routes>
        <Route path="/reset-password" element={<ResetPasswordPage />} />
      </Routes>
    </Providers>,
  );
  return mock;
}

const fill = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('ResetPasswordPage', () => {
  afterEach(cleanup);
  it('refuses different passwords with "Passwords don\'t match" and sends nothing', async () => {
    const { calls } = renderReset('/reset-password?token=abc');
    fill(/^New password/, 'kilimanjaro');
    fill(/^Confirm password/, 'kilimanjar0');
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText("Passwords don't match")).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('requires both fields and at least 6 characters', async () => {
    renderReset('/reset-password?token=abc');
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('New password is required')).toBeTruthy();
    expect(screen.getByText('Please confirm your new password')).toBeTruthy();
    fill(/^New password/, 'short');
    fill(/^Confirm password/, 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Password must be at least 6 characters')).toBeTruthy();
  });

  it('sends the token and the new password, then shows the success message', async () => {
    const { calls } = renderReset('/reset-password?token=abc');
    fill(/^New password/, 'kilimanjaro');
    fill(/^Confirm password/, 'kilimanjaro');
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect((await screen.findByRole('status')).textContent).toContain('Your password has been reset.');
    expect(calls[0]!.variables).toEqual({ token: 'abc', password: 'kilimanjaro' });
  });

  it('without a token shows the invalid link text and a link to request a new one', () => {
    renderReset('/reset-password');
    expect(screen.getByText('Invalid reset link. Please request a new password reset.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request a new reset link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });

  it("shows the server's password policy message: a 7-character or a common password passes the form's 6-character check", async () => {
    for (const message of [
      'Password must be at least 8 characters',
      'This password is too common. Please choose another.',
    ]) {
      const refused: MockResult = {
        errors: [{ message, extensions: { code: 'BAD_USER_INPUT', fields: [{ field: 'password', message }] } }],
      };
      const { calls } = renderReset('/reset-password?token=abc', refused);
      fill(/^New password/, 'sunset7');
      fill(/^Confirm password/, 'sunset7');
      fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
      expect(await screen.findByText(message)).toBeTruthy();
      // The link still works: nothing suggests requesting a new one.
      expect(screen.queryByRole('link', { name: 'Request a new reset link' })).toBeNull();
      expect(calls).toHaveLength(1);
      cleanup();
    }
  });

  it('offers a new link when the server refuses the token', async () => {
    const message = 'Invalid or expired reset token';
    renderReset('/reset-password?token=abc', { errors: [{ message, extensions: { code: 'BAD_USER_INPUT' } }] });
    fill(/^New password/, 'sunset-river-7');
    fill(/^Confirm password/, 'sunset-river-7');
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect((await screen.findByRole('alert')).textContent).toContain(message);
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toBeTruthy();
  });

  it('tells the server rule in the hint', () => {
    renderReset('/reset-password?token=abc');
    expect(screen.getByText('At least 8 characters, not a common password')).toBeTruthy();
  });
});
