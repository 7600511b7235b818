import { addDays, isoDate } from '@tembea/schema';
import type { RequestContext } from '../../common/context.js';
import { PollingWorker } from '../../common/polling-worker.js';
import { queryRows, sql } from '../../common/sql.js';

const POLL_MS = 60 * 60 * 1000;
const BATCH = 500;
// A minute after start, then hourly: nothing is urgent about erasing, so it stays out of the start.
const FIRST_RUN_MS = 60 * 1000;

/**
 * Erases travellers' dates of birth and passport numbers once they are no longer needed:
 * PERSONAL_DATA_RETENTION_DAYS after the trip ended, or after the booking was cancelled. The names
 * stay, as the booking's history. One statement per batch, so several instances running it at once
 * erase each row once and never wait on each other.
 */
export class PersonalDataEraser extends PollingWorker {
  constructor(
    private readonly contextFor: () => Pick<RequestContext, 'em' | 'config'>,
    private readonly now: () => Date = () => new Date(),
  ) {
    super({ label: 'personal data erasure', pollMs: POLL_MS, batch: BATCH, firstRunMs: FIRST_RUN_MS });
  }

  protected async drainOnce(): Promise<number> {
    const { em, config } = this.contextFor();
    const now = this.now();
    const endedBefore = addDays(isoDate(now), -config.personalDataRetentionDays);
    const cancelledBefore = new Date(now.getTime() - config.personalDataRetentionDays * 86_400_000);
    const erased = await queryRows<{ id: number }>(
      em,
      sql`
      update booking_travellers t set date_of_birth_sealed = null, passport_sealed = null, erased_at = ${now}
       where t.id in (
             select bt.id from booking_travellers bt join bookings b on b.id = bt.booking_id
              where bt.erased_at is null
                and (b.end_date < ${endedBefore} or (b.status = 'Cancelled' and b.status_changed_at < ${cancelledBefore}))
              limit ${BATCH} for update of bt skip locked)
      returning t.id`,
    );
    return erased.length;
  }
}
