import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { COMPANY } from './contact-info';
import { useAuth } from '../../auth/AuthProvider';
import { DestinationsMenu } from './destinations/DestinationsMenu';
import { MenuToggle, useFoldingMenu } from './FoldingMenu';
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
  const { open, toggle, close } = useFoldingMenu();
  const { user } = useAuth();
  const link = (l: (typeof BEFORE)[number]) => (
    <li key={l.to}>
      <NavLink to={l.to} end={l.end} onClick={close}>
        {l.label}
      </NavLink>
    </li>
  );
  return (
    <header className="navbar">
      <div className="navbar__inner">
        <Link to="/" className="navbar__brand" aria-label="Tembea home">
          <Logo /> Tembea
        </Link>
        <MenuToggle open={open} controls="main-menu" onToggle={toggle} />
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

/**
 * The logo (the same drawing as favicon.svg), drawn inline: as an <img> the browser would build a
 * separate SVG document for it on the main thread, on every page's first paint.
 */
function Logo() {
  return (
    <svg viewBox="0 0 64 64" width={32} height={32} aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#1f4d3a" />
      <path d="M8 48 L26 20 L34 32 L40 24 L56 48 Z" fill="#f4e9d8" />
      <path d="M22 26 L26 20 L30 26 Z" fill="#fff" />
      <circle cx="46" cy="16" r="6" fill="#f2a541" />
    </svg>
  );
}
