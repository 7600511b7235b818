import { Link } from 'react-router-dom';

/** WHAT WE OFFER: private, pre-made and group safaris, and the group migration trip. */
export function OfferSection() {
  return (
    <section className="section offers" aria-labelledby="offers-heading">
      <h2 id="offers-heading" className="section__eyebrow-heading">
        WHAT WE OFFER
      </h2>
      <div className="offers__grid">
        <article className="offer-card">
          <img
            src="/art/serengeti-balloon.svg"
            alt=""
            className="offer-card__art"
            width={800}
            height={500}
            loading="lazy"
            decoding="async"
          />
          <h3>Private Safaris</h3>
          <p>
            Your own vehicle, your own guide and your own pace. Start with a day trip from Arusha, Moshi or Zanzibar and
            add days as you like.
          </p>
          <Link className="btn btn--primary" to="/tourfilter?durationDays=1&durationNights=0&dayTrip=true">
            SEE DAY TRIPS
          </Link>
        </article>
        <article className="offer-card">
          <img
            src="/art/ngorongoro-crater.svg"
            alt=""
            className="offer-card__art"
            width={800}
            height={500}
            loading="lazy"
            decoding="async"
          />
          <h3>Pre-Made Safaris</h3>
          <p>
            Tried and tested itineraries through the Serengeti, Ngorongoro, Tarangire and Kilimanjaro, priced up front
            with nothing to plan.
          </p>
          <Link className="btn btn--secondary" to="/tours">
            See pre-made safaris
          </Link>
        </article>
        <article className="offer-card">
          <img
            src="/art/maasai-village.svg"
            alt=""
            className="offer-card__art"
            width={800}
            height={500}
            loading="lazy"
            decoding="async"
          />
          <h3>Group Safaris</h3>
          <p>
            Share the vehicle and the stories with fellow travellers and pay less. Fixed departures with small groups.
          </p>
          <Link className="btn btn--secondary" to="/tourfilter?bookingType=group">
            See group safaris
          </Link>
        </article>
      </div>
      <aside className="migration-trip" aria-labelledby="migration-heading">
        <img
          src="/art/serengeti-migration.svg"
          alt=""
          className="migration-trip__art"
          width={800}
          height={500}
          loading="lazy"
          decoding="async"
        />
        <div>
          <h3 id="migration-heading">Great Migration group trip – January</h3>
          <p>
            Join our January group departure to the southern Serengeti and Ndutu, when hundreds of thousands of
            wildebeest calves are born on the short-grass plains and the predators follow close behind.
          </p>
          <p className="migration-trip__soon">An autumn group trip is coming soon – ask us to hold you a seat.</p>
          <Link className="btn btn--primary" to="/tourfilter?destination=serengeti&bookingType=group">
            See the migration trip
          </Link>
        </div>
      </aside>
    </section>
  );
}
