import type { FilterQuery } from '@mikro-orm/postgresql';
import {
  addDaysWithinCalendar,
  daysUntil,
  isoDate,
  PAYMENT_KINDS,
  PAYMENT_METHODS,
  type PaymentKind,
  type PaymentMethod,
} from '@tembea/schema';
import type { RequestContext } from '../../common/context.js';
import { throwIfInvalid, type FieldError } from '../../common/errors.js';
import { requireAdmin } from '../../common/guards.js';
import {
  decodeCursor,
  encodeCursor,
  invalidCursor,
  isCursorId,
  keysetPage,
  pageSize,
  type Page,
} from '../../common/pagination.js';
import { queryRows, raw, sql } from '../../common/sql.js';
import { listDayRange } from '../../common/day-range.js';
import { PaymentEntry } from './payment.entity.js';
import { PAYMENT_TOTALS_DAYS } from './payment.service.js';

export interface PaymentListFilter {
  from?: string | null;
  to?: string | null;
  method?: string | null;
  kind?: string | null;
}

export interface PaymentDayTotalRow {
  day: string;
  method: PaymentMethod;
  receivedCents: number;
  refundedCents: number;
}

/** Most rows the CSV export holds: years of a tour operator's payments. */
export const LEDGER_EXPORT_MAX = 20_000;

/** The method and kind a filter names, in the ledger's spelling; an unknown one is a field error. */
function methodAndKind(
  filter: Pick<PaymentListFilter, 'method' | 'kind'>,
  errors: FieldError[],
): { method?: PaymentMethod; kind?: PaymentKind } {
  const out: { method?: PaymentMethod; kind?: PaymentKind } = {};
  const method = filter.method?.trim().toLowerCase();
  if (method) {
    if (!(PAYMENT_METHODS as readonly string[]).includes(method))
      errors.push({ field: 'method', message: `method must be one of ${PAYMENT_METHODS.join(', ')}` });
    else out.method = method as PaymentMethod;
  }
  const kind = filter.kind?.trim().toLowerCase();
  if (kind) {
    if (!(PAYMENT_KINDS as readonly string[]).includes(kind))
      errors.push({ field: 'kind', message: `kind must be one of ${PAYMENT_KINDS.join(', ')}` });
    else out.kind = kind as PaymentKind;
  }
  return out;
}

function condition(filter: PaymentListFilter): FilterQuery<PaymentEntry> {
  const errors: FieldError[] = [];
  const where: Record<string, unknown> = {};
  const range = listDayRange(filter, errors);
  if (range.from || range.to)
    where.receivedOn = { ...(range.from ? { $gte: range.from } : {}), ...(range.to ? { $lte: range.to } : {}) };
  Object.assign(where, methodAndKind(filter, errors));
  throwIfInvalid(errors, 'list');
  return where as FilterQuery<PaymentEntry>;
}

/** Admin views of the ledger: its rows a page at a time, totals per day and method, the export. */
export const paymentReportService = {
  /** Admin: ledger rows, newest first, filtered by received day, method and kind. */
  async list(
    ctx: RequestContext,
    filter: PaymentListFilter = {},
    first?: number | null,
    after?: string | null,
  ): Promise<Page<PaymentEntry>> {
    requireAdmin(ctx);
    const limit = pageSize(first, 100, 50);
    const where = condition(filter);
    let keyset: FilterQuery<PaymentEntry> = {};
    const cursor = decodeCursor(after);
    if (cursor) {
      const id = cursor[0];
      if (cursor.length !== 1 || !isCursorId(id)) throw invalidCursor();
      keyset = { id: { $lt: id } };
    }
    const rows = await ctx.em.find(
      PaymentEntry,
      { $and: [where, keyset] },
      { orderBy: { id: 'desc' }, limit: limit + 1 },
    );
    return keysetPage(
      rows,
      limit,
      after,
      (e) => encodeCursor([e.id]),
      async () => ({ count: await ctx.em.count(PaymentEntry, where), estimate: false }),
    );
  },

  /**
   * Admin: money in and out per day and method between two days (the last 31 days by default),
   * optionally of one method and one kind, as the ledger filters them. Reversed rows and their
   * reversals are left out: they cancel each other.
   */
  async totals(ctx: RequestContext, filter: PaymentListFilter = {}): Promise<PaymentDayTotalRow[]> {
    requireAdmin(ctx);
    const errors: FieldError[] = [];
    const range = listDayRange(filter, errors);
    const { method, kind } = methodAndKind(filter, errors);
    const first = range.from ?? addDaysWithinCalendar(range.to ?? isoDate(new Date()), -30);
    const last = range.to ?? addDaysWithinCalendar(first, 31);
    if (!errors.length && (last < first || daysUntil(last, first) >= PAYMENT_TOTALS_DAYS))
      errors.push({
        field: 'to',
        message: `to must be on or after from, at most ${PAYMENT_TOTALS_DAYS - 1} days later`,
      });
    throwIfInvalid(errors, 'list');
    const rows = await queryRows<{ day: string; method: PaymentMethod; received: string; refunded: string }>(
      ctx.em,
      sql`
      select to_char(e.received_on, 'YYYY-MM-DD') as day, e.method,
             coalesce(sum(e.amount_cents) filter (where e.kind <> 'refund'), 0) as received,
             coalesce(sum(e.amount_cents) filter (where e.kind = 'refund'), 0) as refunded
        from payment_entries e
       where e.reverses_id is null
         and not exists (select 1 from payment_entries r where r.reverses_id = e.id)
         and e.received_on >= ${first} and e.received_on <= ${last}
         ${method ? sql`and e.method = ${method}` : raw('')}
         ${kind ? sql`and e.kind = ${kind}` : raw('')}
       group by 1, 2
       order by 1 desc, 2`,
    );
    return rows.map((r) => ({
      day: r.day,
      method: r.method,
      receivedCents: Number(r.received),
      refundedCents: Number(r.refunded),
    }));
  },

  /**
   * Admin: every ledger row of the filter with its booking, oldest first, for the CSV export. More
   * than LEDGER_EXPORT_MAX rows is refused rather than cut short: a partial export would not sum to
   * the ledger, and nothing in the file would say so.
   */
  async exportRows(ctx: RequestContext, filter: PaymentListFilter = {}): Promise<PaymentEntry[]> {
    requireAdmin(ctx);
    const rows = await ctx.em.find(PaymentEntry, condition(filter), {
      populate: ['booking'],
      orderBy: { id: 'asc' },
      limit: LEDGER_EXPORT_MAX + 1,
    });
    if (rows.length > LEDGER_EXPORT_MAX)
      throwIfInvalid(
        [
          {
            field: 'from',
            message: `More than ${LEDGER_EXPORT_MAX.toLocaleString('en-US')} ledger rows match: export a shorter period with from and to.`,
          },
        ],
        'first',
      );
    return rows;
  },
};
