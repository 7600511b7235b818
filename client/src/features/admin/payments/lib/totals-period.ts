import { addDaysWithinCalendar, isoDate } from '@tembea/schema';
import { formatDay } from '../../../../lib/format';
import { kindLabel, methodLabel } from '../../../../lib/money';

/** Days the server sums at most in one answer of paymentTotals (both ends included). */
export const TOTALS_MAX_DAYS = 366;
/** Days summed when the ledger filter names no day at all. */
export const TOTALS_DEFAULT_DAYS = 31;

export interface TotalsFilter {
  from: string;
  to: string;
  method: string;
  kind: string;
}

/**
 * The period the totals sum for a ledger filter, always with both ends, so the caption names exactly
 * what was asked. An open end runs as far as the server sums at once (up to today when only the
 * first day is given), so the totals cover the ledger's rows of the last year at least.
 */
export function totalsPeriod(f: TotalsFilter, today = isoDate(new Date())): { from: string; to: string } {
  if (f.from && f.to) return { from: f.from, to: f.to };
  if (f.from) {
    const last = addDaysWithinCalendar(f.from, TOTALS_MAX_DAYS - 1);
    return { from: f.from, to: today < f.from ? f.from : today < last ? today : last };
  }
  if (f.to) return { from: addDaysWithinCalendar(f.to, -(TOTALS_MAX_DAYS - 1)), to: f.to };
  return { from: addDaysWithinCalendar(today, -(TOTALS_DEFAULT_DAYS - 1)), to: today };
}

/** "Totals from 1 Oct 2026 to 5 Oct 2026, Card only, every kind." */
export function totalsCaption(period: { from: string; to: string }, f: TotalsFilter): string {
  const days =
    period.from === period.to
      ? `Totals of ${formatDay(period.from)}`
      : `Totals from ${formatDay(period.from)} to ${formatDay(period.to)}`;
  const method = f.method ? `${methodLabel(f.method)} only` : 'every method';
  const kind = f.kind ? `${kindLabel(f.kind)} rows only` : 'every kind';
  return `${days}, ${method}, ${kind}.`;
}
