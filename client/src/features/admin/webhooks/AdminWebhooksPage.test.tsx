import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '@tembea/schema';
import { fakeJwt, mockClient, Providers, type Call, type MockResult } from '../../../test/auth';
import { AdminWebhooksPage } from './AdminWebhooksPage';

const delivery = (id: string, status: string, over: Record<string, unknown> = {}) => ({
  __typename: 'WebhookDelivery',
  id,
  webhookId: '3',
  url: 'https://agency.example/hooks',
  partnerName: 'Safari Link Agency',
  event: 'SEATS_CHANGED',
  status,
  attempts: 1,
  lastStatusCode: 200,
  lastError: null,
  createdAt: '2031-01-01T10:00:00.000Z',
  nextAttemptAt: null,
  deliveredAt: '2031-01-01T10:00:02.000Z',
  ...over,
});
const page = (nodes: { id: string }[], more: { hasNextPage?: boolean; total?: number } = {}) => ({
  data: {
    webhookDeliveries: {
      __typename: 'WebhookDeliveryConnection',
      totalCount: more.total ?? nodes.length,
      pageInfo: {
        __typename: 'PageInfo',
        hasNextPage: more.hasNextPage ?? false,
        endCursor: nodes.length ? `c${nodes.at(-1)!.id}` : null,
      },
      nodes,
    },
  },
});

const delivered = delivery('21', 'DELIVERED', { event: 'TOUR_CHANGED' });
const failed = delivery('20', 'FAILED', {
  attempts: 2,
  lastStatusCode: 500,
  lastError: 'Answered HTTP 500',
  deliveredAt: null,
  nextAttemptAt: '2031-01-01T10:12:00.000Z',
});
const givenUp = delivery('19', 'GIVEN_UP', {
  attempts: 6,
  lastStatusCode: null,
  lastError: 'No answer within 10 s',
  deliveredAt: null,
  url: 'https://slow.example/in',
  partnerName: 'Kilimanjaro Trails',
});

function renderPage(deliveries: (call: Call) => MockResult | Promise<MockResult>, path = '/admin/webhooks') {
  localStorage.setItem(TOKEN_KEY, fakeJwt({ sub: '1', role: 'admin', exp: Math.floor(Date.now() / 1000) + 900 }));
  const mock = mockClient((call) => {
    if (call.operationName === 'Me') {
      return {
        data: {
          me: {
            __typename: 'User',
            id: '1',
            name: 'Ops',
            email: 'ops@tembea.example',
            phone: '+255 700 000 000',
            role: 'admin',
            profileImage: null,
            registeredAt: '2030-01-01T00:00:00Z',
            createdAt: '2030-01-01T00:00:00Z',
            lastLoginAt: null,
            permissions: [],
          },
        },
      };
    }
    return deliveries(call);
  });
  render(
    <Providers client={mock.client} path={path}>
      <AdminWebhooksPage />
    </Providers>,
  );
  return { ...mock, lists: () => mock.calls.filter((c) => c.operationName === 'AdminWebhookDeliveries') };
}

const rowOf = (id: string) =>
  screen.getAllByTestId('delivery-row').find((r) => r.getAttribute('data-delivery-id') === id)!;
const cells = (id: string) =>
  within(rowOf(id))
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('AdminWebhooksPage', () => {
  beforeEach(() => localStorage.clear());

  it('lists each delivery with its partner, URL, outcome, attempts and times', async () => {
    renderPage(() => page([delivered, failed, givenUp]));
    expect(screen.getByRole('heading', { level: 1, name: 'Webhook deliveries' })).toBeTruthy();
    await screen.findAllByTestId('delivery-row');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Event',
      'Partner and URL',
      'Status',
      'Attempts',
      'Last answer',
      'Queued',
      'Delivered or next attempt',
    ]);
    expect(cells('21')).toEqual([
      'TOUR_CHANGED#21',
      'Safari Link Agencyhttps://agency.example/hooks',
      'Delivered',
      '1',
      'HTTP 200',
      '1 Jan 2031, 10:00:00 UTC',
      '1 Jan 2031, 10:00:02 UTC',
    ]);
    expect(cells('20').slice(2)).toEqual([
      'Failed, will retry',
      '2',
      'Answered HTTP 500',
      '1 Jan 2031, 10:00:00 UTC',
      'Next: 1 Jan 2031, 10:12:00 UTC',
    ]);
    expect(cells('19').slice(1)).toEqual([
      'Kilimanjaro Trailshttps://slow.example/in',
      'Given up',
      '6',
      'No answer within 10 s',
      '1 Jan 2031, 10:00:00 UTC',
      '—',
    ]);
    for (const [id, cls] of [
      ['21', 'delivered'],
      ['20', 'failed'],
      ['19', 'given_up'],
    ] as const) {
      expect(within(rowOf(id)).getByTestId('delivery-status').className).toContain(`admin-webhooks__status--${cls}`);
    }
    expect(screen.getByTestId('deliveries-count').textContent).toBe('Showing 3 of 3 deliveries');
  });

  it('filters by status (kept in the address) and loads more pages', async () => {
    const m = renderPage((call) => {
      if (call.variables.status === 'FAILED') return page([failed]);
      if (call.variables.after === 'c20') return page([givenUp], { total: 3 });
      return page([delivered, failed], { hasNextPage: true, total: 3 });
    });
    await screen.findAllByTestId('delivery-row');
    expect(m.lists()[0]!.variables).toEqual({ first: 25 });
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('delivery-row')).toHaveLength(3));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'FAILED' } });
    await waitFor(() =>
      expect(screen.getAllByTestId('delivery-row').map((r) => r.getAttribute('data-delivery-id'))).toEqual(['20']),
    );
    expect(m.lists().at(-1)!.variables).toEqual({ first: 25, status: 'FAILED' });
  });

  it('starts from the status in the address, and says when nothing has that status', async () => {
    const m = renderPage(() => page([]), '/admin/webhooks?status=GIVEN_UP');
    expect(screen.getByText('Loading webhook deliveries…')).toBeTruthy();
    expect(await screen.findByText('No given up deliveries.')).toBeTruthy();
    expect(m.lists()[0]!.variables).toEqual({ first: 25, status: 'GIVEN_UP' });
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('GIVEN_UP');
  });

  it('says when there are no deliveries at all', async () => {
    renderPage(() => page([]));
    expect(await screen.findByText('No webhook deliveries yet.')).toBeTruthy();
  });

  it('shows Error Loading Webhook Deliveries with the reason, and Try Again loads the list', async () => {
    const answers: MockResult[] = [
      { errors: [{ message: 'Admin access required', extensions: { code: 'FORBIDDEN' } }] },
      page([delivered]),
    ];
    renderPage(() => answers.shift()!);
    const panel = await screen.findByRole('alert');
    expect(within(panel).getByRole('heading', { name: 'Error Loading Webhook Deliveries' })).toBeTruthy();
    expect(panel.textContent).toContain('Admin access required');
    fireEvent.click(within(panel).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByTestId('delivery-row')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
