import {
  addDaysWithinCalendar,
  bookingEndDate,
  daysUntil,
  departureStatus,
  isIsoDay,
  maxPeople,
  travellerToday,
  type DepartureStatus,
} from '@tembea/schema';
import type { RequestContext, TransactionContext } from '../../common/context.js';
import { ConflictError, NotFoundError, type FieldError, throwIfInvalid } from '../../common/errors.js';
import { requireId } from '../../common/ids.js';
import { queryRows, sql } from '../../common/sql.js';
import { requireAdmin } from '../../common/guards.js';
import { tourService } from '../tours/tour.service.js';
import { partnersListenTo, webhookService, type SeatsChangedEvent } from '../webhooks/webhook.service.js';
import type { DepartureType } from './booking.types.js';

/** Longest date range one departures query covers. */
export const DEPARTURES_MAX_DAYS = 366;

/** A departures row as SQL reads it. */
export interface DepartureRow {
  id: number;
  tour_id: number;
  start_date: string;
  capacity: number;
  seats_taken: number;
  closed: boolean;
  /** Read by the statements that take or give back a booking's seats (see SEATS_RETURNING). */
  partners_listen?: boolean;
}

/**
 * What the statements that take or give back a booking's seats return: the departure, and whether
 * any partner listens to SEATS_CHANGED, so a booking queues no event (and runs no statement for one)
 * when nobody does.
 */
const SEATS_RETURNING = sql`id, tour_id, start_date, capacity, seats_taken, closed, ${partnersListenTo('SEATS_CHANGED')} partners_listen`;

/** A departure's seats as partners are told them: seats left are 0 while it is closed. */
function seatsEvent(d: DepartureRow): SeatsChangedEvent {
  return {
    tourId: d.tour_id,
    departureId: d.id,
    startDate: d.start_date,
    seatsLeft: d.closed ? 0 : Math.max(0, d.capacity - d.seats_taken),
    closed: d.closed,
    partnersListen: d.partners_listen,
  };
}

/**
 * Checks a window of start dates: both real days as YYYY-MM-DD, `to` not before `from`, at most
 * DEPARTURES_MAX_DAYS days in all; BAD_USER_INPUT naming every failing field otherwise. A `to` of
 * null was not asked for: only `from` is checked, and the window is the longest from it, up to the
 * calendar's last day. Returns the window's last day.
 */
export function checkDayRange(from: string, to: string | null): string {
  const errors: FieldError[] = [];
  if (!isIsoDay(from)) errors.push({ field: 'from', message: 'from must be a date as YYYY-MM-DD' });
  if (to !== null && !isIsoDay(to)) errors.push({ field: 'to', message: 'to must be a date as YYYY-MM-DD' });
  throwIfInvalid(errors, 'list');
  if (to === null) return addDaysWithinCalendar(from, DEPARTURES_MAX_DAYS - 1);
  if (to < from) errors.push({ field: 'to', message: 'to cannot be before from' });
  else if (daysUntil(to, from) >= DEPARTURES_MAX_DAYS)
    errors.push({ field: 'to', message: `A range covers at most ${DEPARTURES_MAX_DAYS} days` });
  throwIfInvalid(errors, 'list');
  return to;
}

/** Seats of one date as the tour page and the quote show them. */
export interface SeatAvailability {
  seatsLeft: number;
  status: DepartureStatus;
}

/** The message of a booking on a departure the operator closed. */
export const DEPARTURE_CLOSED = 'This departure is closed and takes no more bookings';

/** The message of a booking that does not fit. */
export function seatsLeftMessage(left: number): string {
  return `Only ${left} ${left === 1 ? 'seat' : 'seats'} left on this departure`;
}

/** The message of a start date whose trip, at its tour's length, would end after 9999-12-31. */
export const TRIP_PAST_LAST_DAY = 'The trip would end past the last date that can be stored';

/** Most seats one departure may have. */
export const DEPARTURE_MAX_CAPACITY = 1000;

function checkCapacity(capacity: number, min: number, errors: FieldError[]): void {
  if (!Number.isInteger(capacity) || capacity < Math.max(1, min) || capacity > DEPARTURE_MAX_CAPACITY) {
    errors.push({ field: 'capacity', message: `Capacity must be a whole number from 1 to ${DEPARTURE_MAX_CAPACITY}` });
  }
}

const parseDepartureId = (id: unknown): number => requireId(id, 'Departure not found');

export function toDepartureType(r: DepartureRow, tourStatus: string | null | undefined, today: string): DepartureType {
  const status = departureStatus(
    { capacity: r.capacity, seatsTaken: r.seats_taken, closed: r.closed, startDate: r.start_date, tourStatus },
    today,
  );
  return {
    id: String(r.id),
    tourId: String(r.tour_id),
    startDate: r.start_date,
    capacity: r.capacity,
    seatsTaken: r.seats_taken,
    seatsLeft: status === 'CLOSED' ? 0 : Math.max(0, r.capacity - r.seats_taken),
    status,
    closed: r.closed,
  };
}

/**
 * Group seats per departure. Seats are taken and given back only by single conditional UPDATEs of
 * the departure row, inside the booking's transaction: PostgreSQL re-checks the condition after
 * waiting for a concurrent writer's row lock, so two bookings can never both take the last seat.
 * Every change of seats left or of the closed flag queues partners' SEATS_CHANGED in its transaction.
 */
export const departureService = {
  /**
   * The id of the tour's departure on a date, creating it (with the tour's capacity, 20 when it has
   * none) for the first booking of that date. Takes no lock: a concurrent first booking of the same
   * date waits only for the unique index, then finds the row.
   *
   * One statement inserts or finds the row. Its select reads the statement's snapshot, which misses
   * a row that a concurrent booking committed while this insert waited on the unique index; only
   * then does a second statement, with a fresh snapshot, find it.
   */
  async ensure(
    { em }: TransactionContext,
    tour: { id: number; capacity?: number | null },
    startDate: string,
  ): Promise<number> {
    const [row] = await queryRows<{ id: number }>(
      em,
      sql`
      with created as (
        insert into departures (tour_id, start_date, capacity) values (${tour.id}, ${startDate}, ${maxPeople(tour.capacity)})
        on conflict (tour_id, start_date) do nothing returning id)
      select id from created
      union all
      select id from departures where tour_id = ${tour.id} and start_date = ${startDate}
      limit 1`,
    );
    if (row) return row.id;
    const [found] = await queryRows<{ id: number }>(
      em,
      sql`select id from departures where tour_id = ${tour.id} and start_date = ${startDate}`,
    );
    return found!.id;
  },

  /**
   * Takes `people` seats of a departure, or throws CONFLICT when it is closed or too few are left.
   * Must run in the booking's transaction, as its last statement before the commit: the row lock it
   * takes is then held only for the commit, so bookings of one departure queue as briefly as they can.
   * The cached answers about its tour's seats are obsolete after its commit.
   */
  async takeSeats(tx: TransactionContext, departureId: number, people: number): Promise<void> {
    const { em } = tx;
    const [taken] = await queryRows<DepartureRow>(
      em,
      sql`
      update departures set seats_taken = seats_taken + ${people}, updated_at = now()
       where id = ${departureId} and not closed and seats_taken + ${people} <= capacity
      returning ${SEATS_RETURNING}`,
    );
    if (taken) {
      tx.seatsChanged(taken.tour_id);
      await webhookService.seatsChanged(tx, seatsEvent(taken));
      return;
    }
    const [d] = await queryRows<DepartureRow>(
      em,
      sql`select capacity, seats_taken, closed from departures where id = ${departureId}`,
    );
    if (d?.closed) throw new ConflictError(DEPARTURE_CLOSED);
    throw new ConflictError(seatsLeftMessage(Math.max(0, (d?.capacity ?? 0) - (d?.seats_taken ?? 0))));
  },

  /**
   * CONFLICT when the operator closed the tour's departure on a date: a booking that takes no group
   * seats (a private one) is refused too. Must run in the booking's transaction: the share lock on
   * the departure row makes an admin's concurrent close wait for this booking's commit (or this
   * check wait for the close's), so no booking slips past a close.
   */
  async refuseClosed({ em }: TransactionContext, tourId: number, startDate: string): Promise<void> {
    const [d] = await queryRows<{ closed: boolean }>(
      em,
      sql`
      select closed from departures where tour_id = ${tourId} and start_date = ${startDate} for share`,
    );
    if (d?.closed) throw new ConflictError(DEPARTURE_CLOSED);
  },

  /** Gives seats back (a cancelled group booking) in the cancelling transaction; the cached answers about its tour's seats are obsolete after its commit. */
  async releaseSeats(tx: TransactionContext, departureId: number, people: number): Promise<void> {
    const [row] = await queryRows<DepartureRow>(
      tx.em,
      sql`
      update departures set seats_taken = greatest(0, seats_taken - ${people}), updated_at = now() where id = ${departureId}
      returning ${SEATS_RETURNING}`,
    );
    if (!row) return;
    tx.seatsChanged(row.tour_id);
    await webhookService.seatsChanged(tx, seatsEvent(row));
  },

  /** Seats left on a tour's date: its departure's, or the whole capacity when nobody booked it yet. */
  async availability(
    ctx: RequestContext,
    tour: { id: number; capacity?: number | null; status?: string | null },
    startDate: string,
  ): Promise<SeatAvailability> {
    const today = travellerToday();
    const [d] = await queryRows<DepartureRow>(
      ctx.em,
      sql`
      select id, tour_id, start_date, capacity, seats_taken, closed from departures where tour_id = ${tour.id} and start_date = ${startDate}`,
    );
    const row: DepartureRow = d ?? {
      id: 0,
      tour_id: tour.id,
      start_date: startDate,
      capacity: maxPeople(tour.capacity),
      seats_taken: 0,
      closed: false,
    };
    const t = toDepartureType(row, tour.status, today);
    return { seatsLeft: t.seatsLeft, status: t.status as DepartureStatus };
  },

  /** Admin: schedules a departure of a tour on a date with its capacity (CONFLICT when one exists). */
  async add(ctx: RequestContext, tourIdRaw: string, startDateRaw: string, capacity: number): Promise<DepartureType> {
    requireAdmin(ctx);
    const tour = await tourService.get(ctx, tourIdRaw);
    if (!tour) throw new NotFoundError('Tour not found');
    const startDate = String(startDateRaw ?? '').trim();
    const errors: FieldError[] = [];
    if (!isIsoDay(startDate)) errors.push({ field: 'startDate', message: 'Start date must be a date as YYYY-MM-DD' });
    else if (startDate < travellerToday())
      errors.push({ field: 'startDate', message: 'Start date cannot be before today' });
    // Its end date would be no day the database stores, nor one partners could read as YYYY-MM-DD.
    else if (!isIsoDay(bookingEndDate(startDate, tour)))
      errors.push({ field: 'startDate', message: TRIP_PAST_LAST_DAY });
    checkCapacity(capacity, 0, errors);
    throwIfInvalid(errors, 'list');
    const { row, tourGone } = await ctx.transaction(async (tx) => {
      tx.seatsChanged(tour.id);
      // The tour row is share-locked for the insert: a delete of the tour running at the same time
      // either waits for this departure or, done first, leaves nothing to insert (no foreign-key error).
      const [inserted] = await queryRows<DepartureRow>(
        tx.em,
        sql`
        with tour as (select id from tours where id = ${tour.id} for key share)
        insert into departures (tour_id, start_date, capacity)
        select id, ${startDate}, ${capacity} from tour
        on conflict (tour_id, start_date) do nothing
        returning id, tour_id, start_date, capacity, seats_taken, closed`,
      );
      if (inserted) {
        await webhookService.seatsChanged(tx, seatsEvent(inserted));
        return { row: inserted, tourGone: false };
      }
      const [still] = await queryRows<{ id: number }>(tx.em, sql`select id from tours where id = ${tour.id}`);
      return { row: null, tourGone: !still };
    });
    if (tourGone) throw new NotFoundError('Tour not found');
    if (!row) throw new ConflictError(`This tour already has a departure on ${startDate}`);
    return toDepartureType(row, tour.status, travellerToday());
  },

  /**
   * Admin: changes a departure's capacity (never below the seats taken, checked in the same
   * statement that writes it) and/or closes or reopens it.
   */
  async update(
    ctx: RequestContext,
    idRaw: string,
    change: { capacity?: number | null; closed?: boolean | null },
  ): Promise<DepartureType> {
    requireAdmin(ctx);
    const id = parseDepartureId(idRaw);
    const errors: FieldError[] = [];
    if (change.capacity != null) checkCapacity(change.capacity, 0, errors);
    throwIfInvalid(errors, 'list');
    const capacity = change.capacity ?? null;
    const closed = change.closed ?? null;
    const [row] = await ctx.transaction(async (tx) => {
      const rows = await queryRows<DepartureRow & { tour_status: string | null; changed: boolean }>(
        tx.em,
        sql`
        update departures d set capacity = coalesce(${capacity}::int, d.capacity), closed = coalesce(${closed}::boolean, d.closed), updated_at = now()
          from tours t, (select capacity, closed from departures where id = ${id}) old
         where d.id = ${id} and t.id = d.tour_id and coalesce(${capacity}::int, d.capacity) >= d.seats_taken
        returning d.id, d.tour_id, d.start_date, d.capacity, d.seats_taken, d.closed, t.status tour_status,
                  (d.capacity, d.closed) is distinct from (old.capacity, old.closed) changed`,
      );
      // Saving the same capacity and flag again changes nothing partners see.
      if (rows[0]?.changed) {
        tx.seatsChanged(rows[0].tour_id);
        await webhookService.seatsChanged(tx, seatsEvent(rows[0]));
      }
      return rows;
    });
    if (row) return toDepartureType(row, row.tour_status, travellerToday());
    const [d] = await queryRows<DepartureRow>(ctx.em, sql`select seats_taken from departures where id = ${id}`);
    if (!d) throw new NotFoundError('Departure not found');
    throw new ConflictError(`Capacity cannot be below the ${d.seats_taken} seats already taken`);
  },

  /** Admin: deletes a departure that holds no Pending or Confirmed booking (otherwise close it). */
  async remove(ctx: RequestContext, idRaw: string): Promise<boolean> {
    requireAdmin(ctx);
    const id = parseDepartureId(idRaw);
    const [row] = await ctx.transaction(async (tx) => {
      const rows = await queryRows<DepartureRow & { tour_capacity: number | null }>(
        tx.em,
        sql`
        delete from departures d using tours t where d.id = ${id} and t.id = d.tour_id
           and not exists (select 1 from bookings b where b.departure_id = d.id and b.status in ('Pending', 'Confirmed'))
        returning d.id, d.tour_id, d.start_date, d.capacity, d.seats_taken, d.closed, t.capacity tour_capacity`,
      );
      const [removed] = rows;
      if (removed) {
        tx.seatsChanged(removed.tour_id);
        // Its date is bookable again as a new departure with the tour's capacity: that is what partners are told.
        await webhookService.seatsChanged(tx, {
          ...seatsEvent(removed),
          closed: false,
          seatsLeft: maxPeople(removed.tour_capacity),
        });
      }
      return rows;
    });
    if (row) return true;
    const [d] = await queryRows<{ active: number }>(
      ctx.em,
      sql`
      select (select count(*)::int from bookings b where b.departure_id = d.id and b.status in ('Pending', 'Confirmed')) active
        from departures d where d.id = ${id}`,
    );
    if (!d) throw new NotFoundError('Departure not found');
    throw new ConflictError(
      `This departure has ${d.active} active ${d.active === 1 ? 'booking' : 'bookings'}: close it instead of deleting it`,
    );
  },

  /** A tour's departures between two days (today and a year on by default), by date. */
  async list(
    ctx: RequestContext,
    tourIdRaw: string,
    fromRaw?: string | null,
    toRaw?: string | null,
  ): Promise<DepartureType[]> {
    const tour = await tourService.get(ctx, tourIdRaw);
    if (!tour) throw new NotFoundError('Tour not found');
    const today = travellerToday();
    const from = fromRaw?.trim() || today;
    const to = checkDayRange(from, toRaw?.trim() || null);
    const rows = await queryRows<DepartureRow>(
      ctx.em,
      sql`
      select id, tour_id, start_date, capacity, seats_taken, closed from departures
       where tour_id = ${tour.id} and start_date between ${from} and ${to} order by start_date`,
    );
    return rows.map((r) => toDepartureType(r, tour.status, today));
  },
};
