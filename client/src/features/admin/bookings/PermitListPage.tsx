import { useQuery } from '@apollo/client/react';
import { Link, useParams } from 'react-router-dom';
import { AGE_BAND_LABELS, RESIDENCY_LABELS, type AgeBand, type Residency } from '@tembea/schema';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/errors';
import { formatCents } from '../../../lib/money';
import { PERMIT_LIST } from './api/permit-list.operations';
import { PermitCsvButton } from './components/PermitCsvButton';
import './permit-list.css';

/** Shown in place of a person the booking has not named yet (the CSV says the same). */
export const DETAILS_NOT_GIVEN = 'details not yet given';

type PermitList = NonNullable<ReturnType<typeof usePermitList>['data']>['permitList'];

function usePermitList(tourId: string, date: string) {
  return useQuery(PERMIT_LIST, { variables: { tourId, date }, fetchPolicy: 'network-only' });
}

const residency = (r: string) => RESIDENCY_LABELS[r as Residency] ?? r;
const ageBand = (a: string) => AGE_BAND_LABELS[a as AgeBand] ?? a;

/**
 * The permit list of a departure, to print and hand to the park gates: for each protected area and
 * day, everyone booked with nationality, residency, age band on the day, passport and fees.
 */
export function PermitListPage() {
  const { tourId = '', date = '' } = useParams();
  const { data, loading, error } = usePermitList(tourId, date);
  const list = data?.permitList;
  return (
    <div className="page permit-list">
      <div className="permit-list__actions">
        <Link to="/admin/bookings">← Back to bookings</Link>
        <button type="button" className="btn btn--primary" onClick={() => window.print()} disabled={!list}>
          Print
        </button>
        <PermitCsvButton tourId={tourId} date={date} />
      </div>
      {loading ? <Spinner label="Loading the permit list" /> : null}
      {error ? (
        <p className="admin-bookings__error" role="alert">
          {errorMessage(error, 'Failed to load the permit list.')}
        </p>
      ) : null}
      {list ? <PermitListSheet list={list} /> : null}
    </div>
  );
}

/** The printable sheet: a heading, then one table per area and day. */
export function PermitListSheet({ list }: { list: PermitList }) {
  return (
    <article className="permit-list__sheet" aria-labelledby="permit-heading">
      <h1 id="permit-heading">Park permit list</h1>
      <p className="permit-list__facts">
        {list.tourTitle}, departing {list.startDate}. {list.travellers.length} people; park fees with VAT{' '}
        {formatCents(list.totalCents)}.
      </p>
      {list.assumedCount > 0 ? (
        <p className="permit-list__note" role="note">
          {list.assumedCount === 1 ? '1 person is' : `${list.assumedCount} people are`} priced on assumed details
          (marked *): their residency or date of birth is not given yet, so their fees may change.
        </p>
      ) : null}
      {list.days.length === 0 ? <p>This tour spends no day in a protected area.</p> : null}
      {list.days.map((day, j) => (
        <section key={`${day.date}-${day.areaCode}`} className="permit-list__day">
          <h2>
            {day.areaName}, {day.date}
          </h2>
          {!day.priced ? <p className="permit-list__note">No fee schedule covers this day yet.</p> : null}
          <table className="permit-list__table">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">Name</th>
                <th scope="col">Nationality</th>
                <th scope="col">Residency</th>
                <th scope="col">Age band</th>
                <th scope="col">Passport</th>
                <th scope="col">Booking</th>
                <th scope="col" className="permit-list__money">
                  Fee with VAT
                </th>
              </tr>
            </thead>
            <tbody>
              {list.travellers.map((t, i) => (
                <tr key={`${t.bookingId}-${t.position}`}>
                  <td>{i + 1}</td>
                  <td>
                    {t.fullName ?? <em>{DETAILS_NOT_GIVEN}</em>}
                    {t.assumed ? <span title="Priced on assumed details"> *</span> : null}
                  </td>
                  <td>{t.nationality ?? ''}</td>
                  <td>{residency(t.residency)}</td>
                  <td>{ageBand(t.ageBands[j] ?? 'ADULT')}</td>
                  <td>{t.passportNumber ?? ''}</td>
                  <td>
                    #{t.bookingId} {t.bookingReference}
                  </td>
                  <td className="permit-list__money">{formatCents(t.feesCents[j] ?? 0)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={7}>
                  Day total
                </th>
                <td className="permit-list__money">{formatCents(day.totalCents)}</td>
              </tr>
            </tfoot>
          </table>
        </section>
      ))}
      {list.areas.length > 1 ? (
        <section className="permit-list__day">
          <h2>Fees by area</h2>
          <table className="permit-list__table">
            <tbody>
              {list.areas.map((a) => (
                <tr key={a.areaCode}>
                  <th scope="row">{a.areaName}</th>
                  <td className="permit-list__money">{formatCents(a.totalCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
    </article>
  );
}
