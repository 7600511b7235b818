import { useEffect, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { COMPANY } from './contact-info';
import { useAuth } from '../../auth/AuthProvider';
import { DestinationsMenu } from './destinations/DestinationsMenu';
import './navbar.css';

const BEFORE = [
  { to: '/', label: 'Home', end: true },
  { to: '/tours', label: 'Tours', end: false },
];
const AFTER = [
  { to: '/about', label: 'About', end: false },
  { to: '/blog', label: 'Blog', end: false },
  { to: '/contact-us', label: 'Contacts', end: false },
];

/**
 * Public navigation bar (My Bookings when signed in); below 860 px the same items fold into a menu
 * button. `account` is the account control at its end, handed in by the routes.
 */
export function NavBar({ account }: { account?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const { user } = useAuth();
  useEffect(() => setOpen(false), [pathname]);
  const link = (l: (typeof BEFORE)[number]) => (
    <li key={l.to}>
      <NavLink to={l.to} end={l.end} onClick={() => setOpen(false)}>
        {l.label}
      </NavLink>
    </li>
  );
  return (
    <header className="navbar">
      <div className="navbar__inner">
        <Link to="/" className="navbar__brand" aria-label="Tembea home">
          <img src="/favicon.svg" alt="" width={32} height={32} /> Tembea
        </Link>
        <button
          type="button"
          className="navbar__toggle"
          aria-expanded={open}
          aria-controls="main-menu"
          aria-label={open ? 'Close menu' : 'Open menu'}
          onClick={() => setOpen((o) => !o)}
        >
          <span aria-hidden="true">{open ? '✕' : '☰'}</span>
        </button>
        <nav id="main-menu" className={`navbar__menu ${open ? 'is-open' : ''}`} aria-label="Main">
          <ul>
            {BEFORE.map(link)}
            <li>
              <DestinationsMenu />
            </li>
            {AFTER.map(link)}
            {user ? link({ to: '/my-bookings', label: 'My Bookings', end: false }) : null}
          </ul>
          <a className="navbar__phone" href={COMPANY.phoneHref}>
            <span aria-hidden="true">☎ </span>
            <span className="navbar__phone-number">{COMPANY.phone}</span>
          </a>
          {account}
        </nav>
      </div>
    </header>
  );
}
