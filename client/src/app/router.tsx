import { lazy, Suspense, type ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { PublicLayout } from '../components/layout/PublicLayout';
import { RouteFallback } from '../components/RouteFallback';
import { NotFoundPage } from '../features/pages/NotFoundPage';
import { AdminGuard } from '../auth/AdminGuard';
import { ProfileButton } from '../features/account/profile/ProfileButton';
import { RequireAuth } from '../auth/RequireAuth';
import { TourBookingModal } from './TourBookingModal';
import { TourBookedPayment } from './TourBookedPayment';
import { reloadOnStaleChunk } from '../lib/stale-chunk';
// The server-rendered pages' styles load with the first page, so their server HTML is styled
// before (and without) their code: no unstyled flash, no layout shift when the code arrives; the
// dialog and form styles their screens share too, so a page has one style sheet to wait for.
import '../features/tours/tours.css';
import '../features/tour-detail/tour-detail.css';
import '../features/pages/pages.css';
import '../features/home/home.css';
import '../components/dialog.css';
import '../components/form-field.css';
import '../components/booking-status.css';

// Every screen loads on demand (Suspense in the layouts) so the first page's JS is the shell and
// its own screen. A server-rendered page names its screen's module (`handle.module`): the server
// lists that chunk in the page's head, so it arrives with the shell, and hydration waits for it
// behind the layout's Suspense boundary, keeping the server HTML meanwhile. A screen whose chunk is
// gone after a deploy reloads the page once to get the new build.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the bound React.lazy itself puts on a component
const screen = <T extends ComponentType<any>>(load: () => Promise<{ default: T }>) => lazy(reloadOnStaleChunk(load));
const HomePage = screen(() => import('../features/home/HomePage').then((m) => ({ default: m.HomePage })));
const AboutPage = screen(() => import('../features/pages/AboutPage').then((m) => ({ default: m.AboutPage })));
const BlogPage = screen(() => import('../features/pages/BlogPage').then((m) => ({ default: m.BlogPage })));
const PartnersPage = screen(() => import('../features/pages/PartnersPage').then((m) => ({ default: m.PartnersPage })));
const ContactPage = screen(() => import('../features/pages/ContactPage').then((m) => ({ default: m.ContactPage })));
const ToursPage = screen(() => import('../features/tours/ToursPage').then((m) => ({ default: m.ToursPage })));
const FilteredToursPage = screen(() =>
  import('../features/tours/FilteredToursPage').then((m) => ({ default: m.FilteredToursPage })),
);
const FilteredViewPage = screen(() =>
  import('../features/tours/FilteredViewPage').then((m) => ({ default: m.FilteredViewPage })),
);
const TourDetailPage = screen(() =>
  import('../features/tour-detail/TourDetailPage').then((m) => ({ default: m.TourDetailPage })),
);
// Account screens are rendered in the browser only.
const LoginPage = screen(() => import('../features/account/LoginPage').then((m) => ({ default: m.LoginPage })));
const SignupPage = screen(() => import('../features/account/SignupPage').then((m) => ({ default: m.SignupPage })));
const ForgotPasswordPage = screen(() =>
  import('../features/account/ForgotPasswordPage').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = screen(() =>
  import('../features/account/ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })),
);
const UnauthorizedPage = screen(() =>
  import('../features/pages/UnauthorizedPage').then((m) => ({ default: m.UnauthorizedPage })),
);
// Admin screens and their navigation are their own chunks: a visitor never downloads them.
const AdminLayout = screen(() => import('../components/layout/AdminLayout').then((m) => ({ default: m.AdminLayout })));
const AdminDashboardPage = screen(() =>
  import('../features/admin/dashboard/AdminDashboardPage').then((m) => ({ default: m.AdminDashboardPage })),
);
const TourFormPage = screen(() =>
  import('../features/admin/tour-form/TourFormPage').then((m) => ({ default: m.TourFormPage })),
);
const MyBookingsPage = screen(() =>
  import('../features/booking/MyBookingsPage').then((m) => ({ default: m.MyBookingsPage })),
);
const ReceiptPage = screen(() => import('../features/booking/ReceiptPage').then((m) => ({ default: m.ReceiptPage })));
const AdminPaymentsPage = screen(() =>
  import('../features/admin/payments/AdminPaymentsPage').then((m) => ({ default: m.AdminPaymentsPage })),
);
const AdminBookingsPage = screen(() =>
  import('../features/admin/bookings/AdminBookingsPage').then((m) => ({ default: m.AdminBookingsPage })),
);
const PermitListPage = screen(() =>
  import('../features/admin/bookings/PermitListPage').then((m) => ({ default: m.PermitListPage })),
);
const AdminPartnersPage = screen(() =>
  import('../features/admin/partners/AdminPartnersPage').then((m) => ({ default: m.AdminPartnersPage })),
);
const AdminParkFeesPage = screen(() =>
  import('../features/admin/park-fees/AdminParkFeesPage').then((m) => ({ default: m.AdminParkFeesPage })),
);
const AdminWebhooksPage = screen(() =>
  import('../features/admin/webhooks/AdminWebhooksPage').then((m) => ({ default: m.AdminWebhooksPage })),
);

/**
 * Route metadata: `ssr` pages are rendered on the server too (public content worth indexing);
 * `module` is the source file of the page's lazily loaded screen, relative to the client folder.
 */
export interface RouteHandle {
  ssr?: boolean;
  module?: string;
}
const ssr = (module: string): RouteHandle => ({ ssr: true, module: `src/features/${module}.tsx` });

/** Every route of the site and My bookings; /admin paths use the admin layout. */
export const routes: RouteObject[] = [
  {
    element: <PublicLayout account={<ProfileButton />} />,
    children: [
      { path: '/', handle: ssr('home/HomePage'), element: <HomePage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/signup', element: <SignupPage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/about', handle: ssr('pages/AboutPage'), element: <AboutPage /> },
      { path: '/blog', handle: ssr('pages/BlogPage'), element: <BlogPage /> },
      { path: '/contact-us', handle: ssr('pages/ContactPage'), element: <ContactPage /> },
      { path: '/partners', handle: ssr('pages/PartnersPage'), element: <PartnersPage /> },
      { path: '/tours', handle: ssr('tours/ToursPage'), element: <ToursPage /> },
      {
        path: '/tour/:id',
        handle: ssr('tour-detail/TourDetailPage'),
        element: <TourDetailPage bookingModal={TourBookingModal} bookedPayment={TourBookedPayment} />,
      },
      {
        path: '/my-bookings',
        element: (
          <RequireAuth>
            <MyBookingsPage />
          </RequireAuth>
        ),
      },
      {
        path: '/bookings/:bookingId/receipts/:entryId',
        element: (
          <RequireAuth>
            <ReceiptPage />
          </RequireAuth>
        ),
      },
      { path: '/tourfilter', handle: ssr('tours/FilteredToursPage'), element: <FilteredToursPage /> },
      { path: '/filtered', handle: ssr('tours/FilteredViewPage'), element: <FilteredViewPage /> },
      { path: '/unauthorized', element: <UnauthorizedPage /> },
      { path: '*', handle: ssr('pages/NotFoundPage'), element: <NotFoundPage /> },
    ],
  },
  {
    path: '/admin',
    element: (
      <AdminGuard>
        <Suspense fallback={<RouteFallback />}>
          <AdminLayout />
        </Suspense>
      </AdminGuard>
    ),
    children: [
      { index: true, element: <AdminDashboardPage /> },
      { path: 'new-tour', element: <TourFormPage /> },
      { path: 'edit/:id', element: <TourFormPage /> },
      { path: 'bookings', element: <AdminBookingsPage /> },
      { path: 'departures/:tourId/:date/permits', element: <PermitListPage /> },
      { path: 'payments', element: <AdminPaymentsPage /> },
      { path: 'park-fees', element: <AdminParkFeesPage /> },
      { path: 'partners', element: <AdminPartnersPage /> },
      { path: 'webhooks', element: <AdminWebhooksPage /> },
      // An unknown admin address is answered inside the admin layout, behind its guard: the public
      // catch-all would show a visitor the public bar and a not-found page instead of the login.
      // Like every admin page it is rendered in the browser only (no `ssr` handle).
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
