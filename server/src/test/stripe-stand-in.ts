/**
 * A local stand-in for Stripe's API, for tests without the network: the real SDK is pointed at it
 * (STRIPE_API_URL) and sends its real requests, form-encoded. It keeps every request and answers
 * Checkout Sessions and Refunds as Stripe would in outline. Test-only; nothing in the app imports it.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StripeRequest {
  method: string;
  path: string;
  /** The form fields as sent, with Stripe's bracketed keys (e.g. 'metadata[bookingId]'). */
  form: Record<string, string>;
}

export interface StripeStandIn {
  url: string;
  requests: StripeRequest[];
  /** Refuse the next refund with Stripe's error shape (status 400). */
  refuseNextRefund(message: string): void;
  close(): Promise<void>;
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const requests: StripeRequest[] = [];
  let seq = 0;
  let refusal: string | null = null;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      const path = (req.url ?? '').split('?')[0]!;
      requests.push({ method: req.method ?? '', path, form });
      const send = (status: number, body: unknown) =>
        res
          .writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${++seq}` })
          .end(JSON.stringify(body));
      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        const id = `cs_test_${++seq}`;
        return send(200, {
          id,
          object: 'checkout.session',
          url: `https://checkout.stripe.com/c/pay/${id}`,
          amount_total: Number(form['line_items[0][price_data][unit_amount]']),
          currency: form['line_items[0][price_data][currency]'],
          metadata: { bookingId: form['metadata[bookingId]'], kind: form['metadata[kind]'] },
          payment_status: 'unpaid',
          status: 'open',
        });
      }
      if (req.method === 'POST' && path === '/v1/refunds') {
        if (refusal) {
          const message = refusal;
          refusal = null;
          return send(400, { error: { type: 'invalid_request_error', message } });
        }
        return send(200, {
          id: `re_test_${++seq}`,
          object: 'refund',
          amount: Number(form.amount),
          payment_intent: form.payment_intent,
          status: 'succeeded',
        });
      }
      send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${path})` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    refuseNextRefund(message) {
      refusal = message;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
