import { durationLabel, ratingStars, tourStatusLabel } from '@tembea/schema';
import { Price } from '../../../../components/Price';
import { TourImage } from '../../../../components/TourImage';
import { TierBadge } from '../../shared/TierBadge';
import { TourActions } from '../../shared/AdminToursTable';
import type { AdminTour } from '../../shared/useAdminTours';

/** The admin list as cards: image, title, destination, price, duration, tier and status, actions. */
export function TourGrid({
  tours,
  deletingId,
  onDelete,
}: {
  tours: AdminTour[];
  deletingId: string | null;
  onDelete(t: AdminTour): void;
}) {
  return (
    <ul className="admin-grid" aria-label="Tours">
      {tours.map((t) => (
        <li key={t.id}>
          <article className="admin-card" data-testid="admin-tour-card" aria-labelledby={`admin-tour-${t.id}`}>
            <TourImage tour={t} className="admin-card__image" alt="" />
            <div className="admin-card__body">
              <h2 className="admin-card__title" id={`admin-tour-${t.id}`}>
                {t.title}
              </h2>
              <p className="admin-card__meta">
                {t.destination} · {t.duration || durationLabel(t.durationDays, t.durationNights)}
              </p>
              <p className="admin-card__meta">
                <strong>
                  <Price tour={t} />
                </strong>{' '}
                · Rating {ratingStars(t.rating).label}
              </p>
              <div className="admin-card__tags">
                <TierBadge tier={t.tier} />
                <span className={`status-tag status-tag--${t.status}`}>{tourStatusLabel(t.status)}</span>
                {t.travelType ? <span className="status-tag">{t.travelType}</span> : null}
              </div>
              <TourActions tour={t} deletingId={deletingId} onDelete={onDelete} />
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}
