import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PARTNER_ERROR_CODES, PARTNER_EXAMPLES, PARTNER_JS_CLIENT, PARTNER_WEBHOOK_VERIFIER } from '@tembea/schema';
import { PageMetaContext } from '../../components/page-meta';
import { PartnersPage } from './PartnersPage';

function renderGuide() {
  return render(
    <PageMetaContext.Provider value={{ origin: 'https://tembea.example' }}>
      <MemoryRouter>
        <PartnersPage />
      </MemoryRouter>
    </PageMetaContext.Provider>,
  );
}

describe('PartnersPage', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows how to send a key, every example operation with its variables and curl, and the clients to copy', () => {
    renderGuide();
    expect(screen.getByRole('heading', { level: 1, name: 'Partner API' })).toBeTruthy();
    expect(screen.getByLabelText('Check your key with curl').textContent).toContain(
      'curl -s https://tembea.example/graphql',
    );
    for (const ex of PARTNER_EXAMPLES) {
      const article = screen.getByRole('article', { name: ex.operationName });
      expect(within(article).getByLabelText(`${ex.operationName} query`).textContent).toBe(ex.query);
      expect(within(article).getByLabelText(`${ex.operationName} with curl`).textContent).toContain(
        '"Authorization: ApiKey $TEMBEA_API_KEY"',
      );
    }
    expect(screen.getByRole('article', { name: 'RegisterWebhook' })).toBeTruthy();
    expect(screen.getByLabelText('JavaScript client').textContent).toBe(PARTNER_JS_CLIENT);
    expect(screen.getByLabelText('Verifying a webhook').textContent).toBe(PARTNER_WEBHOOK_VERIFIER);
  });

  it('maps OCTO terms and lists the error codes with their HTTP status', () => {
    // React reports rows it cannot tell apart (one code listed twice, with two statuses) on console.error.
    const reported = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderGuide();
    expect(reported).not.toHaveBeenCalled();
    const octo = screen.getByRole('region', { name: 'OCTO terms in Tembea' });
    for (const term of ['Product', 'Option', 'Unit', 'Availability'])
      expect(within(octo).getByRole('cell', { name: term })).toBeTruthy();
    const errors = screen.getByRole('region', { name: 'Error codes' });
    expect(within(errors).getByRole('row', { name: /UNAUTHENTICATED 401/ })).toBeTruthy();
    expect(within(errors).getByRole('row', { name: /RATE_LIMITED 429/ })).toBeTruthy();
    // BAD_USER_INPUT twice: refused before the operation runs (400), and a wrong argument (200, 400 on REST).
    expect(within(errors).getAllByRole('row', { name: /^BAD_USER_INPUT/ })).toHaveLength(2);
    expect(within(errors).getAllByRole('row')).toHaveLength(PARTNER_ERROR_CODES.length + 1);
  });
});
