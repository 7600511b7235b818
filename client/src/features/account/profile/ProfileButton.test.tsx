import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY } from '@tembea/schema';
import { ProfileButton } from './ProfileButton';
import { fakeJwt, mockClient, Providers, TEST_USER, type Call } from '../../../test/auth';

function Where() {
  const l = useLocation();
  return <p data-testid="where">{`${l.pathname} from=${(l.state as { from?: string } | null)?.from}`}</p>;
}

function renderButton(handler: (call: Call) => object, onReload = vi.fn()) {
  const mock = mockClient(handler);
  render(
    <Providers client={mock.client} onReload={onReload}>
      <ProfileButton />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </Providers>,
  );
  return { ...mock, onReload };
}

const token = fakeJwt({ sub: '7', role: 'admin', exp: Math.floor(Date.now() / 1000) + 900 });
const admin = { ...TEST_USER, role: 'admin' };

describe('ProfileButton and profile modal', () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanup);

  it('logged out: asks Login Required and goes to /login noting it came from profile', async () => {
    renderButton(() => ({ data: null }));
    fireEvent.click(screen.getByRole('button', { name: 'Profile' }));
    const prompt = await screen.findByRole('alertdialog', { name: 'Login Required' });
    fireEvent.click(within(prompt).getByRole('button', { name: 'Login' }));
    expect(screen.getByTestId('where').textContent).toBe('/login from=profile');
  });

  it('logged in: shows the details with the name split, the Admin badge, and handles a refused deletion', async () => {
    localStorage.setItem(TOKEN_KEY, token);
    const { onReload } = renderButton((call) =>
      call.operationName === 'Me' ? { data: { me: admin } } : { data: { deleteAccount: null } },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Profile of Amani Mushi Kileo' }));
    const modal = await screen.findByRole('dialog', { name: /My Profile/ });
    expect(within(modal).getByText('Admin')).toBeTruthy();
    expect(within(modal).getByText('Amani')).toBeTruthy();
    expect(within(modal).getByText('Mushi Kileo')).toBeTruthy();
    expect(within(modal).getByText('+255 754 000 111')).toBeTruthy();
    expect(within(modal).getByText('amani@example.com')).toBeTruthy();
    expect(within(modal).getByRole('link', { name: 'My Bookings' }).getAttribute('href')).toBe('/my-bookings');

    fireEvent.click(within(modal).getByRole('tab', { name: 'Logout' }));
    fireEvent.click(within(modal).getByRole('button', { name: 'Delete Account' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete Account' });
    expect(confirm.textContent).toContain('Are you sure you want to delete your account? This cannot be undone.');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete Account' }));
    expect(await within(confirm).findByText('Failed to delete account.')).toBeTruthy();
    expect(onReload).not.toHaveBeenCalled();
  });

  it('deleting the account clears the session and reloads on /signup', async () => {
    localStorage.setItem(TOKEN_KEY, token);
    const { onReload, calls } = renderButton((call) =>
      call.operationName === 'Me'
        ? { data: { me: admin } }
        : { data: { deleteAccount: { __typename: 'DeleteAccountPayload', deletedUserId: '7' } } },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Profile of Amani Mushi Kileo' }));
    fireEvent.click(await screen.findByRole('tab', { name: 'Logout' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete Account' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete Account' }));
    await vi.waitFor(() => expect(onReload).toHaveBeenCalledWith('/signup'));
    expect(calls.find((c) => c.operationName === 'DeleteAccount')?.variables).toEqual({ userId: '7' });
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it("downloads the account's data with the bearer token", async () => {
    localStorage.setItem(TOKEN_KEY, token);
    const fetchMock = vi.fn(
      async () =>
        new Response('{"bookings":[]}', {
          status: 200,
          headers: {
            'content-type': 'application/json',
            'content-disposition': 'attachment; filename="tembea-account-7.json"',
          },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    URL.createObjectURL = vi.fn(() => 'blob:data');
    URL.revokeObjectURL = vi.fn();
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    renderButton(() => ({ data: { me: admin } }));
    fireEvent.click(await screen.findByRole('button', { name: 'Profile of Amani Mushi Kileo' }));
    fireEvent.click(await screen.findByRole('tab', { name: 'Logout' }));
    fireEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText('Downloaded tembea-account-7.json.')).toBeTruthy();
    expect(clicked).toEqual(['tembea-account-7.json']);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/\/api\/users\/me\/export$/);
    expect(new Headers(init.headers).get('authorization')).toMatch(/^Bearer /);
    click.mockRestore();
    vi.unstubAllGlobals();
  });
});
