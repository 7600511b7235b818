import { useQuery } from '@apollo/client/react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { TOUR_DEFAULTS } from '@tembea/schema';
import { Spinner } from '../../components/Spinner';
import { usePageMeta } from '../../components/usePageMeta';
import { useSiteOrigin } from '../../components/page-meta';
import { TOUR_DETAIL } from './api/tour-detail.queries';
import { isLoginError } from '../../lib/errors';
import type { BookedPaymentSlot, BookingModalSlot } from './components/BookingModalSlot';
import { ErrorLoadingTour, LoginRequiredDialog, TourNotFound } from './components/DetailStates';
import { TourView } from './components/TourView';
import { tourImageUrl, tourJsonLd } from './lib/tour-json-ld';
import type { ViewTour } from './lib/tour-view';
import './tour-detail.css';

function BackButton() {
  const navigate = useNavigate();
  const back = () => {
    // react-router keeps the history index in history.state: 0 means this app has no page to go back to.
    const canGoBack = ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
    if (canGoBack) void navigate(-1);
    else void navigate('/tours');
  };
  return (
    <button type="button" className="btn btn--ghost tour-back" onClick={back}>
      <span aria-hidden="true">←</span> Back
    </button>
  );
}

/**
 * /tour/{id}: the card's tour from navigation state paints at once, then the server's replaces it.
 * `bookingModal` is the booking feature's modal and `bookedPayment` its pay button for the booking
 * just made, both composed in by the app.
 */
export function TourDetailPage({
  bookingModal,
  bookedPayment,
}: {
  bookingModal?: BookingModalSlot;
  bookedPayment?: BookedPaymentSlot;
}) {
  const { id = '' } = useParams();
  const location = useLocation();
  const passed = (location.state as { tour?: ViewTour } | null)?.tour;
  const initial = passed && String(passed.id) === id ? passed : undefined;
  const { data, loading, error } = useQuery(TOUR_DETAIL, { variables: { id }, skip: !id });
  const tour: ViewTour | undefined = data?.tour ?? (loading ? initial : undefined);

  const title = tour ? tour.title || TOUR_DEFAULTS.title : loading ? 'Loading tour' : 'Tour Not Found';
  const description = tour ? (tour.description || TOUR_DEFAULTS.description).slice(0, 160) : undefined;
  const origin = useSiteOrigin();
  usePageMeta(title, description, {
    jsonLd: tour ? tourJsonLd(tour, origin) : null,
    image: tour ? tourImageUrl(tour, origin) : undefined,
    notFound: !!id && !loading && !error && !tour,
  });

  let body;
  if (!id) body = <ErrorLoadingTour message="No tour ID provided" />;
  else if (error && !data?.tour)
    body = isLoginError(error.message) ? <LoginRequiredDialog /> : <ErrorLoadingTour message={error.message} />;
  else if (tour)
    body = (
      <TourView
        key={tour.id}
        tour={tour}
        loaded={!!data?.tour}
        BookingModal={bookingModal}
        BookedPayment={bookedPayment}
      />
    );
  else if (loading) body = <Spinner label="Loading tour…" />;
  else body = <TourNotFound />;

  return (
    <div className="section tour-page">
      <BackButton />
      {body}
    </div>
  );
}
