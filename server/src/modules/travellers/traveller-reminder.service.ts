import { addDays, isoDate } from '@tembea/schema';
import type { RequestContext } from '../../common/context.js';
import { queryRows, sql } from '../../common/sql.js';
import { Booking } from '../bookings/booking.entity.js';
import { detailsDeadlineOf, travellerService } from './traveller.service.js';
import { travellerDetailsReminderMails } from './traveller.mails.js';

/** Days before the last day for traveller details that the reminder goes out (once per booking). */
export const TRAVELLER_REMINDER_LEAD_DAYS = 5;
const BATCH = 50;

/**
 * Mails each open booking (Pending or Confirmed) whose list of who travels still misses something,
 * once, from TRAVELLER_REMINDER_LEAD_DAYS before its deadline (TRAVELLER_DETAILS_DAYS before
 * departure) until that day. A booking whose list is complete gets nothing. Bookings are claimed
 * `for update skip locked` and marked with their mail, so several instances never mail twice.
 * Returns how many bookings were reminded.
 */
export async function remindTravellerDetails(contextFor: () => RequestContext, now: Date): Promise<number> {
  let sent = 0;
  let afterId = 0;
  for (;;) {
    const batch = await remindBatch(contextFor(), now, afterId);
    sent += batch.sent;
    if (batch.lastId === null) return sent;
    afterId = batch.lastId;
  }
}

function remindBatch(
  ctx: RequestContext,
  now: Date,
  afterId: number,
): Promise<{ sent: number; lastId: number | null }> {
  const today = isoDate(now);
  const days = ctx.config.travellerDetailsDays;
  return ctx.transaction(async (tx) => {
    const claimed = await queryRows<{ id: number }>(
      tx.em,
      sql`
      select /* payment schedule: traveller details reminder */ b.id from bookings b
       where b.id > ${afterId} and b.status in ('Pending', 'Confirmed') and b.travellers_reminded_at is null
         and b.start_date between ${addDays(today, days)} and ${addDays(today, days + TRAVELLER_REMINDER_LEAD_DAYS)}
       order by b.id limit ${BATCH} for update of b skip locked`,
    );
    const ids = claimed.map((r) => r.id);
    if (!ids.length) return { sent: 0, lastId: null };
    const bookings = await tx.em.find(Booking, { id: { $in: ids } }, { populate: ['user'] });
    const saved = await travellerService.savedOf(tx, ids);
    let sent = 0;
    for (const b of bookings) {
      const missing = travellerService.missingOf(b, saved.get(b.id));
      if (!missing.length) continue;
      const [marked] = await queryRows<{ id: number }>(
        tx.em,
        sql`update bookings set travellers_reminded_at = ${now}
             where id = ${b.id} and travellers_reminded_at is null returning id`,
      );
      if (!marked) continue;
      const deadline = detailsDeadlineOf(ctx, b);
      await tx.outbox.enqueue(
        tx,
        travellerDetailsReminderMails(b, b.user ?? null, missing, deadline, tx.config.publicUrl),
      );
      sent++;
    }
    return { sent, lastId: ids.length === BATCH ? ids[ids.length - 1]! : null };
  });
}
