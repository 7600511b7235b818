import {
  holdExpired,
  travellerToday,
  addDays,
  ledgerTotals,
  paymentSummary,
  reminderDue,
  type PaymentReminderKind,
} from '@tembea/schema';
import type { RequestContext, TransactionContext } from '../../common/context.js';
import { PollingWorker } from '../../common/polling-worker.js';
import { queryRows, sql } from '../../common/sql.js';
import { Booking, GRAND_TOTAL_SQL } from '../bookings/booking.entity.js';
import { bookingService } from '../bookings/booking.service.js';
import { remindTravellerDetails } from '../travellers/traveller-reminder.service.js';
import { balanceReminderMails } from './payment.mails.js';
import { entriesOf, ledgerRowsOf, NET_PAID, payableOf } from './payment-ledger.js';

const BATCH = 50;
/** The schedule's days are calendar days: a pass every few minutes catches each one early. */
const POLL_MS = 5 * 60_000;

/**
 * The payment schedule: cancels Pending bookings whose deposit did not arrive within the hold
 * (seats freed, the traveller mailed), and mails "balance due soon" and "balance overdue" once
 * each, and the reminder to complete the travellers' details once. Bookings are claimed `for update skip locked` and each reminder is written once per booking
 * and kind with its mail, so several instances running it never act or mail twice. `now` is the
 * clock (tests move it).
 */
export class PaymentScheduleWorker extends PollingWorker {
  constructor(
    private readonly contextFor: () => RequestContext,
    private readonly now: () => Date = () => new Date(),
  ) {
    super({ label: 'payment schedule', pollMs: POLL_MS, batch: BATCH });
  }

  /** The same schedule on another clock (tests). */
  withClock(now: () => Date): PaymentScheduleWorker {
    return new PaymentScheduleWorker(this.contextFor, now);
  }

  protected async drainOnce(): Promise<number> {
    const now = this.now();
    const expired = await this.expireHolds(now);
    // Each reminder kind goes through every booking it is due for in one call.
    await this.remind('balance_due_soon', now);
    await this.remind('balance_overdue', now);
    // Traveller details fall due on the same calendar days as payments.
    await remindTravellerDetails(this.contextFor, now);
    return expired;
  }

  private expireHolds(now: Date): Promise<number> {
    const ctx = this.contextFor();
    const holdHours = ctx.config.payments.holdHours;
    const madeBefore = new Date(now.getTime() - holdHours * 3_600_000);
    return ctx.transaction(async (tx) => {
      const claimed = await queryRows<{ id: number }>(
        tx.em,
        sql`
        select /* payment schedule */ b.id from bookings b
         where b.status = 'Pending' and b.deposit_cents is not null and b.created_at <= ${madeBefore}
           and ${NET_PAID} < b.deposit_cents
         order by b.created_at, b.id limit ${BATCH} for update skip locked`,
      );
      const ids = claimed.map((r) => r.id);
      const bookings = await tx.em.find(Booking, { id: { $in: ids } });
      const entries = await entriesOf(tx, ids);
      for (const b of bookings) {
        const { receivedCents, refundedCents } = ledgerTotals(ledgerRowsOf(entries.get(b.id) ?? []));
        if (holdExpired({ ...b, depositCents: b.depositCents! }, receivedCents - refundedCents, now, holdHours))
          await bookingService.expireHold(tx, b.id);
      }
      return claimed.length;
    });
  }

  /**
   * Sends one kind of reminder to every booking it is due for today, a batch at a time in id order
   * (each batch starts after the last, so a pass reads each booking once); returns how many went.
   */
  private async remind(kind: PaymentReminderKind, now: Date): Promise<number> {
    let sent = 0;
    let afterId = 0;
    for (;;) {
      const batch = await this.remindBatch(kind, now, afterId);
      sent += batch.sent;
      if (batch.lastId === null) return sent;
      afterId = batch.lastId;
    }
  }

  private remindBatch(
    kind: PaymentReminderKind,
    now: Date,
    afterId: number,
  ): Promise<{ sent: number; lastId: number | null }> {
    const ctx = this.contextFor();
    // The payment rules' today (a date is past once it has ended everywhere), so "overdue" is mailed
    // on the day a booking's payment first reads as overdue, never before.
    const today = travellerToday(now);
    // The days each reminder is sent: 7 days before the due date until it, and from the day after
    // it until departure.
    const window =
      kind === 'balance_due_soon'
        ? sql`b.balance_due_date between ${today} and ${addDays(today, 7)}`
        : sql`b.balance_due_date <= ${addDays(today, -1)} and b.start_date > ${today}`;
    return ctx.transaction(async (tx) => {
      const claimed = await queryRows<{ id: number }>(
        tx.em,
        sql`
        select /* payment schedule */ b.id from bookings b
         where b.id > ${afterId} and b.status in ('Pending', 'Confirmed') and b.total_cents is not null and ${window}
           and not exists (select 1 from payment_reminders r where r.booking_id = b.id and r.kind = ${kind})
           and ${NET_PAID} < ${GRAND_TOTAL_SQL}
         order by b.id limit ${BATCH} for update of b skip locked`,
      );
      const ids = claimed.map((r) => r.id);
      const bookings = await tx.em.find(Booking, { id: { $in: ids } }, { populate: ['user'] });
      const entries = await entriesOf(tx, ids);
      let sent = 0;
      for (const b of bookings) if (await this.remindOne(tx, kind, b, entries.get(b.id) ?? [], today)) sent++;
      return { sent, lastId: ids.length === BATCH ? ids[ids.length - 1]! : null };
    });
  }

  private async remindOne(
    tx: TransactionContext,
    kind: PaymentReminderKind,
    b: Booking,
    entries: Parameters<typeof ledgerRowsOf>[0],
    today: string,
  ): Promise<boolean> {
    const payable = payableOf(b);
    if (!payable || !b.balanceDueDate) return false;
    const summary = paymentSummary(payable, ledgerRowsOf(entries), today);
    if (!reminderDue(kind, { ...b, balanceDueDate: b.balanceDueDate }, summary.outstandingCents, today)) return false;
    const [written] = await queryRows<{ id: number }>(
      tx.em,
      sql`insert into payment_reminders (booking_id, kind) values (${b.id}, ${kind})
          on conflict (booking_id, kind) do nothing returning id`,
    );
    if (!written) return false;
    await tx.outbox.enqueue(tx, balanceReminderMails(kind, b, b.user ?? null, summary, tx.config));
    return true;
  }
}
