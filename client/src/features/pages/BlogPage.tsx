import { Link } from 'react-router-dom';
import { usePageMeta } from '../../components/usePageMeta';
import './pages.css';

const TIPS = [
  {
    title: 'Pack light, in soft bags',
    text: 'Light aircraft to the parks allow 15 kg in a soft duffel. Neutral colours are best on safari; avoid dark blue and black, which attract tsetse flies.',
  },
  {
    title: 'Health and papers',
    text: 'Bring your yellow-fever certificate if you come from a risk country, and apply for the Tanzania e-visa online before you fly.',
  },
  {
    title: 'Acclimatise on Kilimanjaro',
    text: 'Choose a route of seven days or more. "Pole pole" – slowly, slowly – is the best way to reach Uhuru Peak.',
  },
  {
    title: 'Cash and tipping',
    text: 'US dollars printed after 2009 are widely accepted. Tipping guides, cooks and porters is customary; we share a guideline with your booking.',
  },
];

const SEASONS = [
  {
    when: 'June – October',
    what: 'Long dry season: the best game viewing everywhere, river crossings in the northern Serengeti and clear skies on Kilimanjaro.',
  },
  {
    when: 'January – February',
    what: 'Calving season in the southern Serengeti and Ndutu; warm, dry days on Zanzibar.',
  },
  { when: 'March – May', what: 'Long rains: green landscapes, fewer visitors and lower prices; some camps close.' },
  { when: 'November – December', what: 'Short rains: lush scenery, migratory birds arrive and the herds move south.' },
];

const TESTIMONIALS = [
  {
    quote: 'Booked eight months ahead, got the early-bird discount and the best guide we could have wished for.',
    name: 'Martin & Sofie, Denmark',
  },
  { quote: 'The deposit and payment plan were clear from day one. Nothing was hidden.', name: 'Aisha, United Kingdom' },
  {
    quote: 'We combined the Serengeti with Zanzibar and saved on both. Perfect honeymoon.',
    name: 'Daniel & Ruth, USA',
  },
];

/** /blog (Support Us in the footer): travel tips, when to go, the early-bird offer and the booking policy. */
export function BlogPage() {
  usePageMeta(
    'Travel tips',
    'Tanzania travel tips, the best time to visit, 5% off when booking 6 months ahead, and our deposit and cancellation policy.',
  );
  return (
    <div className="content-page">
      <section className="page-hero page-hero--blog">
        <h1>Travel tips &amp; support</h1>
        <p>Everything we tell our friends before they come to Tanzania.</p>
      </section>
      <section className="section" aria-labelledby="tips-heading">
        <h2 id="tips-heading">Travel tips</h2>
        <div className="values-grid">
          {TIPS.map((t) => (
            <article key={t.title} className="value-card">
              <h3>{t.title}</h3>
              <p>{t.text}</p>
            </article>
          ))}
        </div>
      </section>
      <section className="section" aria-labelledby="best-time-heading">
        <h2 id="best-time-heading">Best time to visit</h2>
        <dl className="seasons">
          {SEASONS.map((s) => (
            <div key={s.when}>
              <dt>{s.when}</dt>
              <dd>{s.what}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="section offer-banner" aria-labelledby="discount-heading">
        <h2 id="discount-heading">Save 5% when you book at least 6 months ahead</h2>
        <p>
          Early birds get 5% off the tour price when the trip starts at least six months after booking – and the same 5%
          applies to combo trips, such as a Serengeti safari followed by a Zanzibar beach stay.
        </p>
        <Link className="btn btn--primary" to="/tours">
          Find your trip
        </Link>
      </section>
      <section className="section" aria-labelledby="policy-heading">
        <h2 id="policy-heading">Deposit and cancellation policy</h2>
        <ul className="policy-list">
          <li>
            A booking needs a <strong>non-refundable deposit of 3%</strong> of the total cost.
          </li>
          <li>
            The <strong>balance is due 30 days before departure</strong>.
          </li>
          <li>
            Cancel <strong>30 or more days before departure</strong> for a full refund minus transaction fees.
          </li>
          <li>Later cancellations may incur charges.</li>
        </ul>
      </section>
      <section className="section" aria-labelledby="testimonials-heading">
        <h2 id="testimonials-heading">What travellers say</h2>
        <div className="testimonials">
          {TESTIMONIALS.map((t) => (
            <figure key={t.name} className="testimonial">
              <blockquote>
                <p>“{t.quote}”</p>
              </blockquote>
              <figcaption>— {t.name}</figcaption>
            </figure>
          ))}
        </div>
      </section>
    </div>
  );
}
