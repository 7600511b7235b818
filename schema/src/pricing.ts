import { discountedPrice } from './tour.js';

/** Company policy constants. */
export const DEPOSIT_PERCENT = 3;
export const DEPOSIT_RATE = DEPOSIT_PERCENT / 100;
export const BALANCE_DUE_DAYS_BEFORE = 30;
export const EARLY_BIRD_PERCENT = 5;
export const EARLY_BIRD_RATE = EARLY_BIRD_PERCENT / 100;
export const EARLY_BIRD_MONTHS = 6;
export const CURRENCY = 'USD';
export const CONTACT_FOR_PRICING = 'Contact for pricing';
export const CONTACT_FOR_PRICE = 'Contact for price';

export interface PriceEntry {
  key: string;
  value: number;
}

/** Parses 'key:value;key:value' price text; malformed pairs are skipped. */
export function parsePriceText(text: string | null | undefined): PriceEntry[] {
  if (!text) return [];
  const out: PriceEntry[] = [];
  for (const pair of text.split(';')) {
    const i = pair.lastIndexOf(':');
    if (i <= 0) continue;
    const key = pair.slice(0, i).trim();
    const raw = pair
      .slice(i + 1)
      .trim()
      .replace(/^\$/, '')
      .replace(/,/g, '');
    // Number('') is 0: an empty value must not read as a free tour.
    const value = raw === '' ? NaN : Number(raw);
    if (key && Number.isFinite(value) && value >= 0) out.push({ key, value });
  }
  return out;
}

/** The price in the text whose key contains both the booking type and the tier (case-insensitive). */
export function matchPriceText(text: string | null | undefined, bookingType: string, tier: string): number | null {
  const bt = bookingType.trim().toLowerCase();
  const tr = tier.trim().toLowerCase();
  if (!bt || !tr) return null;
  const hit = parsePriceText(text).find((e) => {
    const k = e.key.toLowerCase();
    return k.includes(bt) && k.includes(tr);
  });
  return hit ? hit.value : null;
}

export interface PricedTour {
  price?: number | null;
  priceText?: string | null;
  originalPrice?: number | null;
  discount?: number | null;
}

function isPrice(n: number | null | undefined): n is number {
  return n != null && Number.isFinite(n) && n >= 0;
}

/**
 * Unit price per person for a booking type and tier, or null when nothing matches: a numeric price
 * is the operator's selling price for every booking type and tier (the discount only explains it).
 */
export function unitPrice(tour: PricedTour, bookingType: string, tier: string): number | null {
  if (isPrice(tour.price)) return tour.price;
  return matchPriceText(tour.priceText, bookingType, tier);
}

/** The price a card shows: originalPrice less the discount, rounded, when both exist; else the price. */
export function cardPrice(tour: PricedTour): number | null {
  if (isPrice(tour.originalPrice) && tour.originalPrice > 0 && tour.discount != null && tour.discount > 0) {
    return discountedPrice(tour.originalPrice, tour.discount);
  }
  return isPrice(tour.price) ? tour.price : null;
}

/**
 * Formats USD as Intl's en-US does: "$1,234.00" for numbers with two decimals ("$-5.00" below zero).
 * Written by hand because the first Intl formatter a page builds loads the browser's locale data, a
 * long task in the middle of hydrating a public page. Like Intl, it rounds the number's shortest
 * decimal form (what String() gives) half away from zero: 1.005 is "$1.01". A number String()
 * writes in exponent form (below 1e-6 or from 1e21) is left to Intl.
 */
export function formatUsd(amount: number, decimals = 2): string {
  const text = String(Math.abs(amount));
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m)
    return `$${new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(amount)}`;
  let whole = m[1]!;
  let fraction = m[2] ?? '';
  if (fraction.length > decimals) {
    const roundUp = fraction[decimals]! >= '5';
    fraction = fraction.slice(0, decimals);
    if (roundUp) {
      const digits = (BigInt(whole + fraction) + 1n).toString().padStart(whole.length + decimals, '0');
      whole = digits.slice(0, digits.length - decimals);
      fraction = digits.slice(digits.length - decimals);
    }
  }
  const sign = amount < 0 || Object.is(amount, -0) ? '-' : '';
  return `$${sign}${groupThousands(whole)}${decimals > 0 ? `.${fraction.padEnd(decimals, '0')}` : ''}`;
}

/** Digits with a comma between each group of three, as en-US writes them: "1234567" is "1,234,567". */
export function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * The price of a booking type and tier as text: a numeric price with two decimals, the matched
 * entry of the price text with a dollar sign, else 'Contact for pricing'.
 */
export function priceLabel(tour: PricedTour, bookingType: string, tier: string): string {
  const price = unitPrice(tour, bookingType, tier);
  return price != null ? formatUsd(price) : CONTACT_FOR_PRICING;
}

/**
 * The lowest price a tour can be had for (price sorting and filters): the numeric price, else the
 * lowest value of the price text, else the original price; null when there is none.
 */
export function fromPrice(tour: PricedTour): number | null {
  if (isPrice(tour.price)) return tour.price;
  const entries = parsePriceText(tour.priceText);
  if (entries.length) return Math.min(...entries.map((e) => e.value));
  return isPrice(tour.originalPrice) ? tour.originalPrice : null;
}

/** Whole cents, so sums and percentages round once and exactly (0.1 + 0.2 never leaks into a total). */
const toCents = (n: number) => Math.round(n * 100);
const fromCents = (c: number) => c / 100;
/** A percentage of an amount in cents, rounded half up to the cent. */
export const percentOf = (cents: number, percent: number): number => Math.round((cents * percent) / 100);

/** ISO calendar date (YYYY-MM-DD) of a Date, in UTC. */
export function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/**
 * Midnight UTC of a year, month (0-based, may run over) and day. Date.UTC would read years 0 to 99
 * as 1900 to 1999, moving a day of year 50 nineteen centuries on.
 */
function utcMidnight(year: number, monthIndex: number, day: number): Date {
  const d = new Date(0);
  d.setUTCFullYear(year, monthIndex, day);
  return d;
}

/**
 * Adds calendar months to an ISO date, clamping to the month's last day. A result outside years 1
 * to 9999 is no day isIsoDay accepts: callers near the ends of the calendar check it.
 */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const target = utcMidnight(y, m - 1 + months, 1);
  const last = utcMidnight(target.getUTCFullYear(), target.getUTCMonth() + 1, 0).getUTCDate();
  target.setUTCDate(Math.min(d, last));
  return isoDate(target);
}

/** Adds days to an ISO date; as with addMonths, a result past either end of the calendar is no day. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return isoDate(utcMidnight(y, m - 1, d + days));
}

/** Early bird applies when the start date is at least six months after today. */
export function isEarlyBird(startDate: string, today: string): boolean {
  return startDate >= addMonths(today, EARLY_BIRD_MONTHS);
}

/** A quote in whole US cents: what a booking stores, so a frozen price never drifts by a rounding. */
export interface QuoteCents {
  unitPriceCents: number;
  earlyBird: boolean;
  numberOfPeople: number;
  subtotalCents: number;
  earlyBirdDiscountCents: number;
  totalCents: number;
  depositCents: number;
  balanceCents: number;
  /** Date the balance is due: 30 days before departure, or `lateBookingDueDate` when that is earlier. */
  balanceDueDate: string;
  currency: string;
}

export interface Quote {
  unitPrice: number;
  earlyBird: boolean;
  numberOfPeople: number;
  subtotal: number;
  earlyBirdDiscount: number;
  total: number;
  deposit: number;
  balance: number;
  /** Date the balance is due: 30 days before departure, or `lateBookingDueDate` when that is earlier. */
  balanceDueDate: string;
  currency: string;
}

/**
 * The due date of a balance booked later than 30 days before departure. `today` is the earliest
 * calendar day anywhere (UTC-12), which is already yesterday in East Africa for half of each day;
 * the day after it is today or later for a traveller from UTC-12 to UTC+12, so the date a traveller
 * is given has not passed, and nothing booked is overdue before a whole day has gone by.
 */
export function lateBookingDueDate(today: string): string {
  return addDays(today, 1);
}

/**
 * Price of a booking in cents: unit price x people, 5% early-bird off when the start is at least six
 * months away, a 3% deposit (rounded half up to the cent) and the balance due 30 days before
 * departure. Null when the tour has no price for this booking type and tier ('Contact for pricing').
 */
export function quoteInCents(
  tour: PricedTour,
  input: { startDate: string; numberOfPeople: number; bookingType: string; tier: string },
  today: string,
): QuoteCents | null {
  const unit = unitPrice(tour, input.bookingType, input.tier);
  if (unit == null) return null;
  const unitPriceCents = toCents(unit);
  const subtotalCents = unitPriceCents * input.numberOfPeople;
  const earlyBird = isEarlyBird(input.startDate, today);
  const earlyBirdDiscountCents = earlyBird ? percentOf(subtotalCents, EARLY_BIRD_PERCENT) : 0;
  const totalCents = subtotalCents - earlyBirdDiscountCents;
  const depositCents = percentOf(totalCents, DEPOSIT_PERCENT);
  const due = addDays(input.startDate, -BALANCE_DUE_DAYS_BEFORE);
  const earliest = lateBookingDueDate(today);
  return {
    unitPriceCents,
    earlyBird,
    numberOfPeople: input.numberOfPeople,
    subtotalCents,
    earlyBirdDiscountCents,
    totalCents,
    depositCents,
    balanceCents: totalCents - depositCents,
    balanceDueDate: due < earliest ? earliest : due,
    currency: CURRENCY,
  };
}

/** The same quote in US dollars (two decimals), as the quote screen and API show it. */
export function quote(
  tour: PricedTour,
  input: { startDate: string; numberOfPeople: number; bookingType: string; tier: string },
  today: string,
): Quote | null {
  const c = quoteInCents(tour, input, today);
  if (!c) return null;
  return {
    unitPrice: fromCents(c.unitPriceCents),
    earlyBird: c.earlyBird,
    numberOfPeople: c.numberOfPeople,
    subtotal: fromCents(c.subtotalCents),
    earlyBirdDiscount: fromCents(c.earlyBirdDiscountCents),
    total: fromCents(c.totalCents),
    deposit: fromCents(c.depositCents),
    balance: fromCents(c.balanceCents),
    balanceDueDate: c.balanceDueDate,
    currency: c.currency,
  };
}

/** Cents as dollars for display and the APIs' Float amounts. */
export function centsToDollars(cents: number): number {
  return fromCents(cents);
}

/** What a booking owes in all: the operator's price and the park fees, with the deposit taken of the whole. */
export interface GrandTotalCents {
  /** The operator's price after any early-bird discount. */
  totalCents: number;
  /** Park fees with VAT, paid on to the parks; null when the trip spends no day in a protected area. */
  parkFeesCents: number | null;
  /** totalCents + parkFeesCents: what the traveller pays. */
  grandTotalCents: number;
  depositCents: number;
  balanceCents: number;
}

/** The most any amount of a booking can be, in cents: bookings store their amounts as 32-bit integers. */
export const BOOKING_CENTS_MAX = 2_147_483_647;

/**
 * Why a booking priced so cannot be taken, or null: a price times its party past what a booking
 * can hold (over $21 million, a tour priced by mistake or a party no tour takes) is refused with
 * a reason instead of failing when it is stored. Quotes and bookings both ask.
 */
export function bookingTooLarge(q: QuoteCents | null, whole: GrandTotalCents | null): string | null {
  if (!q) return null;
  const largest = Math.max(q.unitPriceCents, q.subtotalCents, whole?.grandTotalCents ?? q.totalCents);
  return largest > BOOKING_CENTS_MAX
    ? `This booking would come to more than ${formatUsd(BOOKING_CENTS_MAX / 100)}, the most one booking can hold: please contact us`
    : null;
}

/**
 * The totals of a booking with its park fees. The early-bird discount is already in `totalCents`
 * (it applies to the operator's price only); the 3% deposit, rounded half up to the cent, and the
 * balance are of the grand total, because the traveller pays the park fees through the operator.
 */
export function grandTotalInCents(totalCents: number, parkFeesCents: number | null | undefined): GrandTotalCents {
  const fees = parkFeesCents ?? null;
  const grandTotalCents = totalCents + (fees ?? 0);
  const depositCents = percentOf(grandTotalCents, DEPOSIT_PERCENT);
  return {
    totalCents,
    parkFeesCents: fees,
    grandTotalCents,
    depositCents,
    balanceCents: grandTotalCents - depositCents,
  };
}

/**
 * A booking's totals once its park fees change after it was made. A deposit already paid stays
 * what was paid, and the balance absorbs the whole difference; an unpaid deposit is taken afresh
 * of the new grand total.
 */
export function refrozenTotalsInCents(
  booking: { totalCents: number; depositCents: number },
  newParkFeesCents: number | null,
  depositPaid: boolean,
): GrandTotalCents {
  const fresh = grandTotalInCents(booking.totalCents, newParkFeesCents);
  if (!depositPaid) return fresh;
  return { ...fresh, depositCents: booking.depositCents, balanceCents: fresh.grandTotalCents - booking.depositCents };
}
