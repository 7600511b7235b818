import { Suspense } from 'react';
import { NavLink, Outlet } from 'react-router-dom';
import { RouteFallback } from '../RouteFallback';
import { AppReady } from './AppReady';
import { AdminProfile } from './AdminProfile';
import { MenuToggle, useFoldingMenu } from './FoldingMenu';

const ADMIN_LINKS = [
  { to: '/admin', label: 'All Tours' },
  { to: '/admin/new-tour', label: 'New Tour' },
  { to: '/admin/bookings', label: 'Bookings' },
  { to: '/admin/payments', label: 'Payments' },
  { to: '/admin/park-fees', label: 'Park fees' },
  { to: '/admin/partners', label: 'Partners' },
  { to: '/admin/webhooks', label: 'Webhooks' },
];

/**
 * Navigation for every /admin path: All Tours, New Tour, Bookings, Payments, Park fees, Partners
 * (API keys), Webhooks and the admin profile; below 860 px they fold behind a menu button, as the
 * public bar's do, instead of filling half a phone's screen.
 */
export function AdminLayout() {
  const { open, toggle, close } = useFoldingMenu();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="navbar navbar--admin">
        <div className="navbar__inner">
          <NavLink to="/admin" className="navbar__brand">
            Tembea Admin
          </NavLink>
          <MenuToggle open={open} controls="admin-menu" onToggle={toggle} />
          <nav id="admin-menu" aria-label="Admin" className={`navbar__menu ${open ? 'is-open' : ''}`}>
            <ul>
              {ADMIN_LINKS.map((l) => (
                <li key={l.to}>
                  <NavLink to={l.to} end={l.to === '/admin'} onClick={close}>
                    {l.label}
                  </NavLink>
                </li>
              ))}
            </ul>
            <AdminProfile />
          </nav>
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<RouteFallback />}>
          <Outlet />
          <AppReady />
        </Suspense>
      </main>
    </>
  );
}
