/** Payment answers as the server gives them (a superset of what each screen asks for). */

export const paymentEntry = (over: Record<string, unknown> = {}) => ({
  __typename: 'PaymentEntry' as const,
  id: '301',
  bookingId: '8',
  kind: 'DEPOSIT',
  amountCents: 4500,
  method: 'MPESA',
  provider: 'offline',
  providerReference: 'QK7H2L9XPM',
  recordedBy: 'Admin Asha',
  receivedOn: '2031-01-05',
  createdAt: '2031-01-05T09:30:00.000Z',
  reversesId: null,
  note: null,
  ...over,
});

/** A booking's payment: $1,500.00 total, 3% deposit ($45.00) due now, balance due 1 Jun 2031. */
export const bookingPayment = (over: Record<string, unknown> = {}) => ({
  __typename: 'BookingPayment' as const,
  state: 'UNPAID',
  stateLabel: 'Unpaid',
  currency: 'USD',
  totalCents: 150_000,
  depositCents: 4500,
  paidCents: 0,
  refundedCents: 0,
  refundDueCents: 0,
  dueNowCents: 4500,
  dueNowKind: 'DEPOSIT',
  outstandingCents: 150_000,
  nextPaymentKind: 'DEPOSIT',
  nextPaymentCents: 4500,
  balanceDueDate: '2031-06-01',
  overdue: false,
  reference: 'TMB-7Q4K',
  entries: [] as unknown[],
  ...over,
});

/** The same booking once its deposit was recorded. */
export const depositPaid = (over: Record<string, unknown> = {}) =>
  bookingPayment({
    state: 'DEPOSIT_PAID',
    stateLabel: 'Deposit paid',
    paidCents: 4500,
    dueNowCents: 145_500,
    dueNowKind: 'BALANCE',
    outstandingCents: 145_500,
    nextPaymentKind: 'BALANCE',
    nextPaymentCents: 145_500,
    entries: [paymentEntry()],
    ...over,
  });

export const offlineInstructions = (over: Record<string, unknown> = {}) => ({
  __typename: 'OfflinePaymentInstructions' as const,
  reference: 'TMB-7Q4K',
  amountCents: 4500,
  bank: {
    __typename: 'BankDetails' as const,
    name: 'CRDB Bank',
    accountName: 'Tembea Tours Ltd',
    accountNumber: '0150123456700',
    swift: 'CORUTZTZ',
    branch: 'Arusha',
  },
  mobileMoney: [
    { __typename: 'MobileMoneyAccount' as const, provider: 'MPESA', number: '+255 754 123 456' },
    { __typename: 'MobileMoneyAccount' as const, provider: 'TIGO_PESA', number: '+255 713 123 456' },
    { __typename: 'MobileMoneyAccount' as const, provider: 'AIRTEL_MONEY', number: '+255 784 123 456' },
  ],
  ...over,
});

/** The startPayment answer: offline instructions, or a Stripe Checkout address. */
export const startPaymentAnswer = (
  bookingId: string,
  payment: ReturnType<typeof bookingPayment>,
  how: { checkoutUrl?: string } = {},
) => ({
  data: {
    startPayment: {
      __typename: 'StartPaymentPayload',
      kind: payment.dueNowKind,
      amountCents: payment.dueNowCents,
      checkoutUrl: how.checkoutUrl ?? null,
      instructions: how.checkoutUrl ? null : offlineInstructions({ amountCents: payment.dueNowCents }),
      booking: { __typename: 'Booking', id: bookingId, payment },
    },
  },
});

/** The bookingPayment answer a booking's receipts are read from: its ledger rows. */
export const entriesAnswer = (entries: unknown[]) => ({
  data: { bookingPayment: { __typename: 'BookingPayment' as const, entries } },
});
