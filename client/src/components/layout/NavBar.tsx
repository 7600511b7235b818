import { useState } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { COMPANY } from './contact-info';
import { ProfileButton } from '../../auth/ProfileButton';

const LINKS = [
  { to: '/', label: 'Home', end: true },
  { to: '/tours', label: 'Tours' },
  { to: '/about', label: 'About' },
  { to: '/blog', label: 'Blog' },
  { to: '/contact-us', label: 'Contacts' },
];

/** Public navigation bar with a mobile menu. */
export function NavBar() {
  const [open, setOpen] = useState(false);
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
            {LINKS.map((l) => (
              <li key={l.to}>
                <NavLink to={l.to} end={l.end} onClick={() => setOpen(false)}>{l.label}</NavLink>
              </li>
            ))}
          </ul>
          <a className="navbar__phone" href={COMPANY.phoneHref}>{COMPANY.phone}</a>
          <ProfileButton />
        </nav>
      </div>
    </header>
  );
}
