import { PAYMENT_STATE_LABELS, CURRENCY } from '@tembea/schema';
import { grandTotalCentsOf } from '../bookings/booking.entity.js';
import type { BookingPayment } from './payment-ledger.js';
import { PAYMENT_ENTRIES_SHOWN } from './payment.service.js';
import type { OfflineInstructions } from './payment-provider.js';
import type { PaymentEntry } from './payment.entity.js';
import {
  PaymentKindEnum,
  PaymentMethodEnum,
  PaymentStateEnum,
  type BookingPaymentType,
  type OfflinePaymentInstructions,
  type PaymentEntryType,
} from './payment.types.js';

const upper = <T>(v: string) => v.toUpperCase() as T;

export function toPaymentEntryType(e: PaymentEntry): PaymentEntryType {
  return {
    id: String(e.id),
    bookingId: String(e.booking.id),
    kind: upper<PaymentKindEnum>(e.kind),
    amountCents: e.amountCents,
    method: upper<PaymentMethodEnum>(e.method),
    provider: e.provider,
    providerReference: e.providerReference ?? null,
    recordedBy: e.recordedByEmail ?? null,
    receivedOn: e.receivedOn,
    createdAt: e.createdAt,
    reversesId: e.reverses ? String(e.reverses.id) : null,
    note: e.note ?? null,
  };
}

export function toBookingPaymentType(p: BookingPayment): BookingPaymentType {
  const s = p.summary;
  return {
    state: upper<PaymentStateEnum>(s.state),
    stateLabel: PAYMENT_STATE_LABELS[s.state],
    currency: CURRENCY,
    totalCents: grandTotalCentsOf(p.booking) ?? 0,
    depositCents: p.booking.depositCents ?? 0,
    paidCents: s.paidCents,
    refundedCents: s.refundedCents,
    refundDueCents: s.refundDueCents,
    outstandingCents: s.outstandingCents,
    dueNowCents: s.dueNowCents,
    dueNowKind: s.dueNowKind ? upper<PaymentKindEnum>(s.dueNowKind) : null,
    nextPaymentKind: s.next ? upper<PaymentKindEnum>(s.next.kind) : null,
    nextPaymentCents: s.next?.amountCents ?? 0,
    balanceDueDate: s.balanceDueDate,
    overdue: s.overdue,
    reference: p.booking.paymentReference,
    entries: p.entries.slice(-PAYMENT_ENTRIES_SHOWN).map(toPaymentEntryType),
  };
}

export function toInstructionsType(i: OfflineInstructions, sample: boolean): OfflinePaymentInstructions {
  return {
    reference: i.reference,
    amountCents: i.amountCents,
    bank: i.bank,
    mobileMoney: i.mobileMoney.map((m) => ({ provider: upper<PaymentMethodEnum>(m.provider), number: m.number })),
    sample,
  };
}
