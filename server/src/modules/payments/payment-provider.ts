import Stripe from 'stripe';
import type { PaymentKind } from '@tembea/schema';
import type { Config } from '../../config.js';
import type { BankDetails, PaymentConfig } from '../../payment-config.js';

/** What a traveller needs to pay by bank transfer or mobile money. */
export interface OfflineInstructions {
  reference: string;
  amountCents: number;
  bank: BankDetails | null;
  mobileMoney: PaymentConfig['mobileMoney'];
}

/** A payment the traveller is about to make: the booking, what it pays and how much. */
export interface PaymentToStart {
  bookingId: number;
  reference: string;
  tourTitle: string;
  email: string;
  kind: Exclude<PaymentKind, 'refund'>;
  amountCents: number;
}

/** A payment started: a hosted checkout page to send the traveller to, or offline instructions. */
export interface StartedPayment {
  checkoutUrl: string | null;
  instructions: OfflineInstructions | null;
}

/**
 * How money is collected. The booking rules (what is due, how much) sit above it and are the same
 * for every provider; a provider only turns "collect this amount" into a way to pay, and gives
 * card payments back.
 */
export interface PaymentProvider {
  readonly name: 'offline' | 'stripe';
  start(payment: PaymentToStart): Promise<StartedPayment>;
}

/** Bank transfer and mobile money: the traveller pays the operator's accounts quoting the reference. */
export class OfflineProvider implements PaymentProvider {
  readonly name = 'offline';
  constructor(private readonly config: PaymentConfig) {}

  start(payment: PaymentToStart): Promise<StartedPayment> {
    return Promise.resolve({ checkoutUrl: null, instructions: offlineInstructions(this.config, payment) });
  }
}

export function offlineInstructions(
  config: PaymentConfig,
  payment: { reference: string; amountCents: number },
): OfflineInstructions {
  return {
    reference: payment.reference,
    amountCents: payment.amountCents,
    bank: config.bank,
    mobileMoney: config.mobileMoney,
  };
}

/**
 * Cards, Apple Pay and Google Pay through Stripe Checkout: Stripe's hosted page takes the card, so
 * no card data reaches this server. A payment counts only once its signed webhook arrives.
 */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe';
  constructor(
    readonly stripe: Stripe,
    private readonly publicUrl: string,
  ) {}

  async start(payment: PaymentToStart): Promise<StartedPayment> {
    const metadata = { bookingId: String(payment.bookingId), kind: payment.kind, reference: payment.reference };
    const session = await this.stripe.checkout.sessions.create({
      mode: 'payment',
      customer_email: payment.email,
      client_reference_id: String(payment.bookingId),
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'usd',
            unit_amount: payment.amountCents,
            product_data: { name: `${KIND_LABEL[payment.kind]}: ${payment.tourTitle} (${payment.reference})` },
          },
        },
      ],
      metadata,
      payment_intent_data: { metadata },
      success_url: `${this.publicUrl}/my-bookings?payment=success`,
      cancel_url: `${this.publicUrl}/my-bookings?payment=cancelled`,
    });
    if (!session.url) throw new Error('Stripe returned a Checkout Session without a URL');
    return { checkoutUrl: session.url, instructions: null };
  }
}

const KIND_LABEL: Record<PaymentToStart['kind'], string> = {
  deposit: 'Deposit',
  balance: 'Balance',
  full: 'Payment in full',
};

const stripeClients = new WeakMap<Config, Stripe>();

/** The Stripe client of a configuration (one per app), or null when card payments are not set up. */
export function stripeOf(config: Config): Stripe | null {
  const s = config.payments.stripe;
  if (!s) return null;
  let client = stripeClients.get(config);
  if (!client) {
    client = new Stripe(s.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(s.apiUrl ? { host: s.apiUrl.host, port: s.apiUrl.port, protocol: s.apiUrl.protocol } : {}),
    });
    stripeClients.set(config, client);
  }
  return client;
}

/** The provider the configuration chooses: Stripe when both of its secrets are set, else offline. */
export function paymentProviderOf(config: Config): PaymentProvider {
  const stripe = stripeOf(config);
  return stripe ? new StripeProvider(stripe, config.publicUrl) : new OfflineProvider(config.payments);
}
