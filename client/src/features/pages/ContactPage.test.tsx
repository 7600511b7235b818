import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { GraphQLError } from 'graphql';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContactPage, CONTACT_FAILURE, CONTACT_SUCCESS } from './ContactPage';
import { SEND_CONTACT_MESSAGE } from './api/contact.mutations';

const input = { name: 'Asha', email: 'asha@example.com', message: 'A 5-day safari in March, please.' };

function fill() {
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: input.name } });
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: input.email } });
  fireEvent.change(screen.getByLabelText('Message'), { target: { value: input.message } });
  fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
}

describe('ContactPage', () => {
  afterEach(cleanup);

  it('shows Sending..., then the thank-you text, and reloads after 1 s', async () => {
    const reload = vi.fn();
    const mocks: MockLink.MockedResponse[] = [
      {
        request: { query: SEND_CONTACT_MESSAGE, variables: { input } },
        result: {
          data: { sendContactMessage: { __typename: 'SendContactMessagePayload', ok: true, message: CONTACT_SUCCESS } },
        },
        delay: 20,
      },
    ];
    render(
      <MockedProvider mocks={mocks}>
        <ContactPage reload={reload} />
      </MockedProvider>,
    );
    expect(screen.getByText('Quotes within 2 hours during business hours.')).toBeTruthy();
    expect(screen.getByText('Mon-Fri: 8:00 - 18:00')).toBeTruthy();
    fill();
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeTruthy();
    expect(await screen.findByText(CONTACT_SUCCESS)).toBeTruthy();
    expect(reload).not.toHaveBeenCalled();
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1), { timeout: 5000 });
  });

  it('shows the failure text when the server refuses', async () => {
    const mocks: MockLink.MockedResponse[] = [
      { request: { query: SEND_CONTACT_MESSAGE, variables: { input } }, error: new Error('boom') },
    ];
    render(
      <MockedProvider mocks={mocks}>
        <ContactPage reload={() => {}} />
      </MockedProvider>,
    );
    fill();
    expect(await screen.findByText(CONTACT_FAILURE)).toBeTruthy();
  });

  it("adds the server's reason to the failure text when it refuses a field", async () => {
    const mocks: MockLink.MockedResponse[] = [
      {
        request: { query: SEND_CONTACT_MESSAGE, variables: { input } },
        result: {
          errors: [new GraphQLError('Please enter a valid email address', { extensions: { code: 'BAD_USER_INPUT' } })],
        },
      },
    ];
    render(
      <MockedProvider mocks={mocks}>
        <ContactPage reload={() => {}} />
      </MockedProvider>,
    );
    fill();
    expect(await screen.findByText(CONTACT_FAILURE)).toBeTruthy();
    expect(screen.getByTestId('contact-error-detail').textContent).toBe('Please enter a valid email address');
  });

  it('keeps an unexpected server error to the generic failure text', async () => {
    const mocks: MockLink.MockedResponse[] = [
      {
        request: { query: SEND_CONTACT_MESSAGE, variables: { input } },
        result: {
          errors: [
            new GraphQLError('An unexpected error occurred. Please try again later.', {
              extensions: { code: 'INTERNAL_SERVER_ERROR' },
            }),
          ],
        },
      },
    ];
    render(
      <MockedProvider mocks={mocks}>
        <ContactPage reload={() => {}} />
      </MockedProvider>,
    );
    fill();
    expect(await screen.findByText(CONTACT_FAILURE)).toBeTruthy();
    expect(screen.queryByTestId('contact-error-detail')).toBeNull();
  });
});
