import { Link } from 'react-router-dom';
import { COMPANY } from './contact-info';

/** Site footer: quick links, contact details, business hours and social links. */
export function Footer() {
  return (
    <footer className="footer">
      <div className="footer__grid">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about">{COMPANY.name}</h2>
          <p>Safaris, Kilimanjaro treks, Zanzibar beach stays and cultural tours, run by a local Tanzanian team.</p>
        </section>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links">Quick links</h2>
          <ul>
            <li>
              <Link to="/#about">About us</Link>
            </li>
            <li>
              <Link to="/#tours">Tours</Link>
            </li>
            <li>
              <Link to="/#destinations">Destinations</Link>
            </li>
            <li>
              <Link to="/about">About</Link>
            </li>
            <li>
              <Link to="/contact-us">Contact</Link>
            </li>
            <li>
              <Link to="/blog">Support Us</Link>
            </li>
          </ul>
        </nav>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">Contact</h2>
          <address>
            {COMPANY.address}
            <br />
            <a href={COMPANY.phoneHref}>{COMPANY.phone}</a>
            <br />
            <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a>
          </address>
          <h3>Business hours</h3>
          <ul className="footer__hours">
            {COMPANY.hours.map((h) => (
              <li key={h.days}>
                {h.days}: {h.time}
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-social">
          <h2 id="footer-social">Follow us</h2>
          <ul>
            {COMPANY.social.map((s) => (
              <li key={s.name}>
                <a href={s.href} rel="noopener noreferrer" target="_blank">
                  {s.name}
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <p className="footer__legal">
        © {new Date().getFullYear()} {COMPANY.name}. Prices in USD. <Link to="/partners">Partner API</Link> for travel
        agencies.
      </p>
    </footer>
  );
}
