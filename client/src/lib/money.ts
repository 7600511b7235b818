import {
  amountInWords,
  centsToDollars,
  formatUsd,
  PAYMENT_METHOD_LABELS as METHOD_LABELS,
  PAYMENT_METHODS as SHARED_METHODS,
  type PaymentMethod,
} from '@tembea/schema';

/** US cents as "$1,234.50". */
export function formatCents(cents: number): string {
  return formatUsd(centsToDollars(cents));
}

/** US cents in figures and words, as money actions confirm them: "$45.00 (forty-five dollars)". */
export function figuresAndWords(cents: number): string {
  return `${formatCents(cents)} (${amountInWords(cents)})`;
}

/** The payment methods as the API's enum names them (BANK_TRANSFER, MPESA, …), in the shared order. */
export const PAYMENT_METHODS = SHARED_METHODS.map((m) => m.toUpperCase());

/** How each ledger row's kind is named on screen. */
export const PAYMENT_KIND_LABELS = {
  DEPOSIT: 'Deposit',
  BALANCE: 'Balance',
  FULL: 'Full payment',
  REFUND: 'Refund',
} as const;

export type PaymentKindName = keyof typeof PAYMENT_KIND_LABELS;

/** A method's name (the one the mails use too), or the code itself when a newer server sends one this client does not know. */
export const methodLabel = (m: string): string => METHOD_LABELS[m.toLowerCase() as PaymentMethod] ?? m;
export const kindLabel = (k: string): string => PAYMENT_KIND_LABELS[k as PaymentKindName] ?? k;

/** The pay button's text for what is due now: "Pay deposit ($45.00)", "Pay balance (…)", "Pay in full (…)". */
export function payButtonLabel(kind: string, cents: number): string {
  const what = kind === 'DEPOSIT' ? 'Pay deposit' : kind === 'BALANCE' ? 'Pay balance' : 'Pay in full';
  return `${what} (${formatCents(cents)})`;
}

/**
 * Dollars as an admin types them ("45", "1,500.50", "$45.5") in whole cents; null for anything
 * else (letters, more than two decimals, nothing).
 */
export function parseDollars(text: string): number | null {
  const t = text.trim().replace(/^\$/, '').replace(/,/g, '');
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(t);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** Cents as the text an amount field starts with: 4500 → "45.00". */
export function centsAsInput(cents: number): string {
  return (cents / 100).toFixed(2);
}
