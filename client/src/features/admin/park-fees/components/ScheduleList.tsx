import { Link } from 'react-router-dom';
import type { AdminParkFeeSchedulesQuery } from '../../../../gql/admin/graphql';
import { formatDayRange, formatMoment } from '../../../../lib/format';
import { AdminTable } from '../../shared/AdminTable';
import { isSampleSchedule } from '../lib/schedule-form';

type Schedule = AdminParkFeeSchedulesQuery['parkFeeSchedules'][number];

const COLUMNS = ['Schedule', 'Valid', 'Updated', 'Actions'];

/** In force today, still to come, or over: the admin enters next July's fees while this year's apply. */
function periodOf(s: Schedule, today: string): string {
  if (s.validTo < today) return 'Past';
  return s.validFrom > today ? 'Upcoming' : 'In force';
}

/** A label that says a schedule holds illustrative figures, not the parks' tariff. */
export function SampleBadge() {
  return <span className="badge park-fees__sample">Sample values</span>;
}

/** The schedules, latest first day first, each with Edit and Copy as next season (`onOpen` names the one chosen). */
export function ScheduleList({
  schedules,
  selected,
  onOpen,
}: {
  schedules: Schedule[];
  selected?: string;
  onOpen?: (how: 'edit' | 'copy', id: string) => void;
}) {
  const today = new Date().toISOString().slice(0, 10);
  return (
    <AdminTable
      caption="Park fee schedules"
      columns={COLUMNS}
      classes={{ wrap: 'park-fees__scroll', table: 'park-fees__table' }}
    >
      {schedules.map((s) => (
        <tr
          key={s.id}
          data-testid="schedule-row"
          data-schedule-id={s.id}
          aria-current={s.id === selected ? 'true' : undefined}
        >
          <td>
            <span className="park-fees__name">{s.name}</span>
            {isSampleSchedule(s.name) ? (
              <>
                {' '}
                <SampleBadge />
              </>
            ) : null}
          </td>
          <td>
            {formatDayRange(s.validFrom, s.validTo)}
            <span className="park-fees__sub">{periodOf(s, today)}</span>
          </td>
          <td>{formatMoment(s.updatedAt)}</td>
          <td>
            <div className="park-fees__actions">
              <Link
                className="btn btn--ghost btn--small"
                to={`?edit=${s.id}`}
                aria-label={`Edit ${s.name}`}
                onClick={() => onOpen?.('edit', s.id)}
              >
                Edit
              </Link>
              <Link
                className="btn btn--ghost btn--small"
                to={`?copy=${s.id}`}
                aria-label={`Copy as next season: ${s.name}`}
                onClick={() => onOpen?.('copy', s.id)}
              >
                Copy as next season
              </Link>
            </div>
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
