import { Link } from 'react-router-dom';
import { durationLabel, ratingStars, tourStatusLabel } from '@tembea/schema';
import { Price } from '../../../components/Price';
import { AdminTable } from './AdminTable';
import { TierBadge } from './TierBadge';
import type { AdminTour } from './useAdminTours';
import './admin.css';

export interface TourActionsProps {
  tour: AdminTour;
  deletingId: string | null;
  onDelete(tour: AdminTour): void;
}

/** Edit (the form gets the tour in navigation state for its first paint) and Delete. */
export function TourActions({ tour, deletingId, onDelete }: TourActionsProps) {
  const deleting = deletingId === tour.id;
  return (
    <div className="admin-actions">
      <Link
        className="btn btn--secondary btn--small"
        to={`/admin/edit/${tour.id}`}
        state={{ tour }}
        aria-label={`Edit ${tour.title}`}
      >
        Edit
      </Link>
      <button
        type="button"
        className="btn btn--danger btn--small"
        onClick={() => onDelete(tour)}
        disabled={deletingId !== null}
        aria-label={deleting ? undefined : `Delete ${tour.title}`}
      >
        {deleting ? 'Deleting...' : 'Delete'}
      </button>
    </div>
  );
}

const TOUR_COLUMNS = ['Tour', 'Destination', 'Price', 'Duration', 'Type', 'Rating', 'Actions'];

/** The admin list of tours as a table. */
export function AdminToursTable({
  tours,
  deletingId,
  onDelete,
  caption,
}: {
  tours: AdminTour[];
  deletingId: string | null;
  onDelete(tour: AdminTour): void;
  caption: string;
}) {
  return (
    <AdminTable caption={caption} columns={TOUR_COLUMNS} classes={{ wrap: 'admin-table-wrap', table: 'admin-table' }}>
      {tours.map((t) => (
        <tr key={t.id} data-testid="admin-tour-row">
          <th scope="row">
            <span className="admin-table__title">{t.title}</span>
            <span className="admin-table__meta">
              <TierBadge tier={t.tier} />{' '}
              <span className={`status-tag status-tag--${t.status}`}>{tourStatusLabel(t.status)}</span>
            </span>
          </th>
          <td>{t.destination}</td>
          <td>
            <Price tour={t} />
          </td>
          <td>{t.duration || durationLabel(t.durationDays, t.durationNights)}</td>
          <td>{t.travelType || t.tourType || '—'}</td>
          <td>{ratingStars(t.rating).label}</td>
          <td>
            <TourActions tour={t} deletingId={deletingId} onDelete={onDelete} />
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
