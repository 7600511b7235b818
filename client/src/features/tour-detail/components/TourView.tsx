import { useCallback, useEffect, useState } from 'react';
import { DEFAULT_TIER, TOUR_DEFAULTS, defaultBookingType } from '@tembea/schema';
import { useAuth } from '../../../auth/AuthProvider';
import { BookBar, useNarrowScreen } from './BookBar';
import { BookingPanel } from './BookingPanel';
import type { BookedPaymentSlot, BookingModalSlot, PartyPrice } from './BookingModalSlot';
import { LoginRequiredDialog } from './DetailStates';
import { ItineraryList } from './ItineraryList';
import { TourHeader } from './TourHeader';
import { TourTabs, type TabDef } from './TourTabs';
import { overviewRows, tourTiers, type ViewTour } from '../lib/tour-view';

function Chips({ label, items }: { label: string; items?: readonly string[] }) {
  if (!items?.length) return null;
  return (
    <div className="chips">
      <h2 className="chips__label">{label}</h2>
      <ul>
        {items.map((c) => (
          <li key={c} className="chip">
            {c}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Inclusions({ included, notIncluded }: { included: readonly string[]; notIncluded: readonly string[] }) {
  return (
    <div className="inclusions">
      <section aria-labelledby="included-heading">
        <h3 id="included-heading">What's Included</h3>
        {included.length ? (
          <ul className="inclusions__yes">
            {included.map((i) => (
              <li key={i}>{i}</li>
            ))}
          </ul>
        ) : (
          <p>No inclusions listed.</p>
        )}
      </section>
      <section aria-labelledby="not-included-heading">
        <h3 id="not-included-heading">What's Not Included</h3>
        {notIncluded.length ? (
          <ul className="inclusions__no">
            {notIncluded.map((i) => (
              <li key={i}>{i}</li>
            ))}
          </ul>
        ) : (
          <p>No exclusions listed.</p>
        )}
      </section>
    </div>
  );
}

/**
 * A tour: header, selectors that re-price it, chips and the tabs. Booking asks a visitor to log in
 * first and opens the booking modal (`BookingModal`, composed in by the app) for a signed-in user;
 * once the request is received the banner replaces the booking button (and the phone's booking bar).
 */
export function TourView({
  tour,
  loaded = true,
  BookingModal,
  BookedPayment,
}: {
  tour: ViewTour;
  loaded?: boolean;
  BookingModal?: BookingModalSlot;
  BookedPayment?: BookedPaymentSlot;
}) {
  const { user, loading: authLoading } = useAuth();
  const tiers = tourTiers(tour);
  const [tierChoice, setTierChoice] = useState<string | null>(null);
  const [typeChoice, setTypeChoice] = useState<string | null>(null);
  const [bookingOpen, setBookingOpen] = useState(false);
  const [askLogin, setAskLogin] = useState(false);
  // The booking just made ('' when its id is unknown): the banner replaces the booking button.
  const [booked, setBooked] = useState<string | null>(null);
  const narrow = useNarrowScreen();
  // Once the booking form was told who travels, the bar shows what that party pays in all.
  const [partyPrice, setPartyPrice] = useState<PartyPrice | null>(null);
  const tier = tierChoice && tiers.includes(tierChoice) ? tierChoice : (tiers[0] ?? DEFAULT_TIER);
  const bookingType = typeChoice ?? defaultBookingType(tour.bookingType);
  const description = tour.description?.trim() || TOUR_DEFAULTS.description;
  const included = tour.included ?? [];
  const notIncluded = tour.notIncluded ?? [];

  // A click while the stored session is still being checked (the first moments after the page
  // starts) is answered once the check ends: nobody is known to be logged out before then, and a
  // click that did nothing would look broken.
  const [bookWhenChecked, setBookWhenChecked] = useState(false);
  const openBookingOrAskLogin = useCallback(() => {
    if (user) setBookingOpen(true);
    else setAskLogin(true);
  }, [user]);
  useEffect(() => {
    if (!bookWhenChecked || authLoading) return;
    setBookWhenChecked(false);
    openBookingOrAskLogin();
  }, [bookWhenChecked, authLoading, openBookingOrAskLogin]);

  function book() {
    if (authLoading) setBookWhenChecked(true);
    else openBookingOrAskLogin();
  }

  const tabs: TabDef[] = [
    {
      key: 'overview',
      label: 'Overview',
      content: (
        <>
          <p className="tour-overview__desc">{description}</p>
          <dl className="tour-overview">
            {overviewRows(tour, tier, bookingType).map(([k, v]) => (
              <div key={k}>
                <dt>{k}</dt>
                <dd>{v}</dd>
              </div>
            ))}
          </dl>
        </>
      ),
    },
    { key: 'itinerary', label: 'Itinerary', content: <ItineraryList days={tour.itinerary ?? []} /> },
  ];
  if (included.length || notIncluded.length) {
    tabs.push({
      key: 'inclusions',
      label: 'Inclusions',
      content: <Inclusions included={included} notIncluded={notIncluded} />,
    });
  }

  return (
    <article className="tour-detail">
      <TourHeader tour={tour} bookingType={bookingType} tier={tier} />
      <div className="tour-detail__layout">
        <div className="tour-detail__main">
          <section className="tour-detail__about" aria-labelledby="about-tour-heading">
            <h2 id="about-tour-heading">About this tour</h2>
            <p>{description}</p>
          </section>
          <Chips label="Categories" items={tour.categories} />
          <Chips label="Features" items={tour.features} />
          <TourTabs label="Tour information" tabs={tabs} />
        </div>
        <BookingPanel
          tour={tour}
          tiers={tiers}
          bookingType={bookingType}
          tier={tier}
          onBookingType={setTypeChoice}
          onTier={setTierChoice}
          onBook={book}
          booked={booked !== null}
          bookedPayment={booked && BookedPayment ? <BookedPayment bookingId={booked} /> : null}
        />
      </div>
      {booked === null && narrow ? (
        <BookBar tour={tour} bookingType={bookingType} tier={tier} partyPrice={partyPrice} onBook={book} />
      ) : null}
      {BookingModal ? (
        <BookingModal
          open={bookingOpen}
          tour={tour}
          loaded={loaded}
          bookingType={bookingType}
          tier={tier}
          onClose={() => setBookingOpen(false)}
          onBooked={(bookingId) => {
            setBookingOpen(false);
            setBooked(bookingId);
          }}
          onPartyPriced={setPartyPrice}
          onLoginRequired={() => {
            setBookingOpen(false);
            setAskLogin(true);
          }}
        />
      ) : null}
      <LoginRequiredDialog open={askLogin} onDismiss={() => setAskLogin(false)} />
    </article>
  );
}
