import express, { Router, type Request, type Response } from 'express';
import { PAYMENT_METHOD_LABELS, signedAmountCents } from '@tembea/schema';
import { toCsv } from '../../common/csv.js';
import type { RequestContext } from '../../common/context.js';
import { ctxOf, queryValue, route } from '../../common/rest.js';
import { ledgerRowOf } from './payment-ledger.js';
import { paymentReportService } from './payment-report.service.js';
import { stripeWebhookService } from './stripe-webhook.service.js';

/** Stripe's events are small; a larger body is not Stripe's. */
const WEBHOOK_MAX_BYTES = 512 * 1024;

/**
 * POST /api/payments/stripe/webhook, mounted before any JSON body parser: Stripe signs the exact
 * bytes it sent, so the signature is checked on the raw body. 400 `{message}` for a missing or
 * forged signature (nothing changes).
 */
export function stripeWebhookRouter(makeContext: (req: Request) => Promise<RequestContext>): Router {
  const r = Router();
  r.post(
    '/api/payments/stripe/webhook',
    express.raw({ type: () => true, limit: WEBHOOK_MAX_BYTES }),
    route(async (req: Request) => {
      req.ctx ??= await makeContext(req);
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      return stripeWebhookService.receive(ctxOf(req), body, req.get('stripe-signature'));
    }),
  );
  return r;
}

/**
 * GET /api/bookings/admin/payments: the ledger as CSV (admins), beside the departure manifest. Each
 * row's amount is its signed effect on the money held (signedAmountCents): a refund and a reversal
 * of a payment are negative, a reversal of a refund positive, so the column sums to the net.
 */
export function paymentRestRouter(): Router {
  const r = Router();
  r.get(
    '/bookings/admin/payments',
    route(async (req: Request, res: Response) => {
      const filter = {
        from: queryValue(req, 'from'),
        to: queryValue(req, 'to'),
        method: queryValue(req, 'method'),
        kind: queryValue(req, 'kind'),
      };
      const rows = await paymentReportService.exportRows(ctxOf(req), filter);
      const csv = toCsv(
        [
          'Entry',
          'Received on',
          'Booking',
          'Payment reference',
          'Traveller',
          'Tour',
          'Kind',
          'Amount (USD)',
          'Method',
          'Provider',
          'Provider reference',
          'Recorded by',
          'Reverses entry',
          'Note',
          'Recorded at',
        ],
        rows.map((e) => [
          e.id,
          e.receivedOn,
          e.booking.id,
          e.booking.paymentReference,
          e.booking.name,
          e.booking.tourTitle,
          e.kind,
          signedAmountCents(ledgerRowOf(e)) / 100,
          PAYMENT_METHOD_LABELS[e.method],
          e.provider,
          e.providerReference ?? '',
          e.recordedByEmail ?? '',
          e.reverses?.id ?? '',
          e.note ?? '',
          e.createdAt.toISOString(),
        ]),
      );
      res.setHeader('Content-Disposition', 'attachment; filename="payments.csv"');
      res.type('text/csv; charset=utf-8').send(csv);
    }),
  );
  return r;
}
