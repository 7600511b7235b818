import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY } from '@tembea/schema';
import { fakeJwt, mockClient, Providers, type Call, type MockResult } from '../../../test/auth';
import { meAnswer } from '../../../test/admin-fixtures';
import { AdminPartnersPage } from './AdminPartnersPage';

const SECRET = 'tmb_QmFzZTY0dXJsIHJhbmRvbSBieXRlcyBmb3IgYSB0ZXN0IGtleQ';
const key = (id: string, over: Record<string, unknown> = {}) => ({
  __typename: 'PartnerKey',
  id,
  partnerName: 'Safari Link Agency',
  name: 'Production',
  keyPrefix: 'tmb_ab12cd',
  rateLimitPerMinute: 1200,
  usesDefaultRateLimit: true,
  status: 'ACTIVE',
  createdAt: '2031-01-01T10:00:00.000Z',
  lastUsedAt: '2031-01-02T08:30:00.000Z',
  revokedAt: null,
  requestsToday: 1530,
  refusalsToday: 4,
  usage: [
    { __typename: 'PartnerKeyUsageDay', day: '2031-01-02', requests: 1530, refusals: 4 },
    { __typename: 'PartnerKeyUsageDay', day: '2031-01-01', requests: 88, refusals: 0 },
  ],
  ...over,
});
const list = (keys: unknown[]) => ({ data: { partnerKeys: keys } });

function renderPage(handler: (call: Call) => MockResult | Promise<MockResult>) {
  localStorage.setItem(TOKEN_KEY, fakeJwt({ sub: '1', role: 'admin', exp: Math.floor(Date.now() / 1000) + 900 }));
  const mock = mockClient((call) => (call.operationName === 'Me' ? meAnswer() : handler(call)));
  render(
    <Providers client={mock.client} path="/admin/partners">
      <AdminPartnersPage />
    </Providers>,
  );
  return mock;
}

const rowOf = (id: string) => screen.getAllByTestId('key-row').find((r) => r.getAttribute('data-key-id') === id)!;

describe('AdminPartnersPage', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.restoreAllMocks());

  it('lists keys with partner, name, prefix, status, limit, dates, use today and recent daily use', async () => {
    renderPage(() =>
      list([
        key('1'),
        key('2', {
          name: 'Staging',
          status: 'REVOKED',
          revokedAt: '2031-01-03T09:00:00.000Z',
          rateLimitPerMinute: 50,
          usesDefaultRateLimit: false,
          usage: [],
          lastUsedAt: null,
          requestsToday: 0,
          refusalsToday: 0,
        }),
      ]),
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Partner API Keys' })).toBeTruthy();
    expect(screen.getByText('Loading API keys…')).toBeTruthy();
    await screen.findAllByTestId('key-row');
    expect(screen.getByRole('table', { name: 'API keys' })).toBeTruthy();
    expect(
      within(screen.getByRole('table', { name: 'API keys' }))
        .getAllByRole('columnheader')
        .map((h) => h.textContent)
        .slice(0, 9),
    ).toEqual(['Partner', 'Key', 'Status', 'Limit', 'Created', 'Last used', 'Today', 'Recent use', 'Actions']);
    const active = rowOf('1');
    expect(active.textContent).toContain('Safari Link Agency');
    expect(active.textContent).toContain('tmb_ab12cd…');
    expect(within(active).getByTestId('key-status').textContent).toBe('Active');
    expect(active.textContent).toContain('1,200/mindefault');
    expect(within(active).getByTestId('key-today').textContent).toBe('1,530 requests4 refused');
    const daily = within(active).getByRole('table', { name: 'Daily use of Safari Link Agency Production (UTC days)' });
    expect(
      within(daily)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual(['2 Jan 20311,5304', '1 Jan 2031880']);
    expect(within(active).getByRole('button', { name: 'Revoke Safari Link Agency Production' })).toBeTruthy();

    const revoked = rowOf('2');
    expect(within(revoked).getByTestId('key-status').textContent).toBe('Revoked');
    expect(revoked.textContent).toContain('50/min');
    expect(revoked.textContent).toContain('Never');
    expect(revoked.textContent).toContain('No use in the last 14 days');
    expect(within(revoked).queryByRole('button')).toBeNull();
  });

  it('shows the empty state, and the error state with Try Again', async () => {
    const answers: MockResult[] = [
      { errors: [{ message: 'Admin access required', extensions: { code: 'FORBIDDEN' } }] },
      list([]),
    ];
    renderPage(() => answers.shift()!);
    const panel = await screen.findByRole('alert');
    expect(within(panel).getByRole('heading', { name: 'Error Loading API Keys' })).toBeTruthy();
    expect(panel.textContent).toContain('Admin access required');
    fireEvent.click(within(panel).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No API keys yet. Create one below for a partner agency.')).toBeTruthy();
  });

  it('creates a key and shows its secret once, with a copy button and the warning that it will not be shown again', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    let created = false;
    const m = renderPage((call) => {
      if (call.operationName === 'CreatePartnerKey') {
        created = true;
        return {
          data: {
            createPartnerKey: {
              __typename: 'CreatePartnerKeyPayload',
              secret: SECRET,
              key: key('3', {
                partnerName: 'Kili Trails',
                name: 'Production',
                usage: [],
                requestsToday: 0,
                refusalsToday: 0,
                lastUsedAt: null,
              }),
            },
          },
        };
      }
      return list(created ? [key('3', { partnerName: 'Kili Trails', usage: [] })] : []);
    });
    await screen.findByText('No API keys yet. Create one below for a partner agency.');
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect(screen.getByLabelText(/^Partner name/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Partner name is required')).toBeTruthy();
    expect(screen.getByText('Key name is required')).toBeTruthy();
    expect(m.calls.some((c) => c.operationName === 'CreatePartnerKey')).toBe(false);

    fireEvent.change(screen.getByLabelText(/^Partner name/), { target: { value: ' Kili Trails ' } });
    fireEvent.change(screen.getByLabelText(/^Key name/), { target: { value: 'Production' } });
    fireEvent.change(screen.getByLabelText(/^Rate limit/), { target: { value: '300' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    const shown = await screen.findByTestId('new-key');
    expect(m.calls.find((c) => c.operationName === 'CreatePartnerKey')!.variables).toEqual({
      input: { partnerName: 'Kili Trails', name: 'Production', rateLimitPerMinute: 300 },
    });
    expect(shown.textContent).toContain('it will not be shown again');
    expect((within(shown).getByLabelText('API key') as HTMLInputElement).value).toBe(SECRET);
    fireEvent.click(within(shown).getByRole('button', { name: 'Copy key' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(SECRET));
    expect(await within(shown).findByText('Copied to the clipboard.')).toBeTruthy();
    await screen.findAllByTestId('key-row');
    fireEvent.click(within(shown).getByRole('button', { name: 'I have copied the key' }));
    expect(screen.queryByTestId('new-key')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Create an API key' }));
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it("shows the server's field errors of a refused key", async () => {
    renderPage((call) => {
      if (call.operationName === 'CreatePartnerKey') {
        return {
          errors: [
            {
              message: 'Key name must be at most 60 characters',
              extensions: {
                code: 'BAD_USER_INPUT',
                fields: [{ field: 'name', message: 'Key name must be at most 60 characters' }],
              },
            },
          ],
        };
      }
      return list([]);
    });
    await screen.findByText(/No API keys yet/);
    fireEvent.change(screen.getByLabelText(/^Partner name/), { target: { value: 'Kili Trails' } });
    fireEvent.change(screen.getByLabelText(/^Key name/), { target: { value: 'Production' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('Key name must be at most 60 characters')).toBeTruthy();
    expect(screen.queryByTestId('new-key')).toBeNull();
  });

  it('revokes a key only after the confirmation, and says why when it fails', async () => {
    let revokes = 0;
    const m = renderPage((call) => {
      if (call.operationName === 'RevokePartnerKey') {
        revokes += 1;
        if (revokes === 1) return { errors: [{ message: 'API key not found', extensions: { code: 'NOT_FOUND' } }] };
        return {
          data: {
            revokePartnerKey: {
              __typename: 'RevokePartnerKeyPayload',
              key: key('1', { status: 'REVOKED', revokedAt: '2031-01-03T09:00:00.000Z' }),
            },
          },
        };
      }
      return list([key('1')]);
    });
    await screen.findAllByTestId('key-row');
    fireEvent.click(within(rowOf('1')).getByRole('button', { name: /^Revoke/ }));
    let dialog = screen.getByRole('alertdialog', { name: 'Revoke API key' });
    expect(dialog.textContent).toContain('Revoke the key tmb_ab12cd… (Production) of Safari Link Agency?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(m.calls.some((c) => c.operationName === 'RevokePartnerKey')).toBe(false);

    fireEvent.click(within(rowOf('1')).getByRole('button', { name: /^Revoke/ }));
    dialog = screen.getByRole('alertdialog', { name: 'Revoke API key' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, revoke' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('API key not found');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, revoke' }));
    await waitFor(() => expect(within(rowOf('1')).getByTestId('key-status').textContent).toBe('Revoked'));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(within(rowOf('1')).queryByRole('button')).toBeNull();
    // Its Revoke button is gone: focus is in the table, not lost to the page.
    await waitFor(() => expect(rowOf('1').closest('.partners__scroll')).toBe(document.activeElement));
    expect(
      screen.getAllByRole('status').some((s) => s.textContent?.startsWith('Revoked Safari Link Agency (Production)')),
    ).toBe(true);
  });
});
