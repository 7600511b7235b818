import { ArtImage } from './ArtImage';
import { Link } from 'react-router-dom';

const OFFERS = [
  {
    art: 'serengeti-balloon',
    title: 'Private Safaris',
    text: 'Your own vehicle, your own guide and your own pace. Start with a day trip from Arusha, Moshi or Zanzibar and add days as you like.',
    link: { to: '/tourfilter?durationDays=1&durationNights=0&dayTrip=true', label: 'SEE DAY TRIPS', primary: true },
  },
  {
    art: 'ngorongoro-crater',
    title: 'Pre-Made Safaris',
    text: 'Tried and tested itineraries through the Serengeti, Ngorongoro, Tarangire and Kilimanjaro, priced up front with nothing to plan.',
    link: { to: '/tours', label: 'See pre-made safaris', primary: false },
  },
  {
    art: 'maasai-village',
    title: 'Group Safaris',
    text: 'Share the vehicle and the stories with fellow travellers and pay less. Fixed departures with small groups.',
    link: { to: '/tourfilter?bookingType=group', label: 'See group safaris', primary: false },
  },
];

/** WHAT WE OFFER: private, pre-made and group safaris, and the group migration trip. */
export function OfferSection() {
  return (
    <section className="section offers" aria-labelledby="offers-heading">
      <h2 id="offers-heading" className="section__eyebrow-heading">
        WHAT WE OFFER
      </h2>
      <div className="offers__grid">
        {OFFERS.map((o) => (
          <article key={o.title} className="offer-card">
            <ArtImage name={o.art} className="offer-card__art" sizes="(min-width: 700px) 400px, 100vw" />
            <h3>{o.title}</h3>
            <p>{o.text}</p>
            <Link className={o.link.primary ? 'btn btn--primary' : 'btn btn--secondary'} to={o.link.to}>
              {o.link.label}
            </Link>
          </article>
        ))}
      </div>
      <aside className="migration-trip" aria-labelledby="migration-heading">
        <ArtImage name="serengeti-migration" className="migration-trip__art" sizes="(min-width: 700px) 500px, 100vw" />
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
