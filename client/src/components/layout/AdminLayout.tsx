import { Suspense } from 'react';
import { NavLink, Outlet } from 'react-router-dom';
import { RouteFallback } from '../RouteFallback';
import { AppReady } from './AppReady';
import { AdminProfile } from './AdminProfile';

/** Navigation for every /admin path: All Tours, New Tour, Bookings, Payments, Park fees, Partners (API keys), Webhooks and the admin profile. */
export function AdminLayout() {
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
          <nav aria-label="Admin" className="navbar__menu navbar__menu--static">
            <ul>
              <li>
                <NavLink to="/admin" end>
                  All Tours
                </NavLink>
              </li>
              <li>
                <NavLink to="/admin/new-tour">New Tour</NavLink>
              </li>
              <li>
                <NavLink to="/admin/bookings">Bookings</NavLink>
              </li>
              <li>
                <NavLink to="/admin/payments">Payments</NavLink>
              </li>
              <li>
                <NavLink to="/admin/park-fees">Park fees</NavLink>
              </li>
              <li>
                <NavLink to="/admin/partners">Partners</NavLink>
              </li>
              <li>
                <NavLink to="/admin/webhooks">Webhooks</NavLink>
              </li>
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
