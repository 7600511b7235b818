import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router-dom';
import { PublicLayout } from '../components/layout/PublicLayout';
import { RouteFallback } from '../components/RouteFallback';
import { HomePage } from '../features/home/HomePage';
import { UnauthorizedPage } from '../features/pages/UnauthorizedPage';
import { NotFoundPage } from '../features/pages/NotFoundPage';
import { AdminGuard } from '../auth/AdminGuard';
import { LoginPage } from '../features/account/LoginPage';
import { SignupPage } from '../features/account/SignupPage';
import { ForgotPasswordPage } from '../features/account/ForgotPasswordPage';
import { ResetPasswordPage } from '../features/account/ResetPasswordPage';
import { ProfileButton } from '../features/account/profile/ProfileButton';
import { RequireAuth } from '../auth/RequireAuth';
import { TourBookingModal } from './TourBookingModal';
// The server-rendered pages' styles load with the first page, so their server HTML is styled
// before (and without) their code: no unstyled flash, no layout shift when the code arrives.
import '../features/tours/tours.css';
import '../features/tour-detail/tour-detail.css';
import '../features/pages/pages.css';

// Visitor screens load on demand (Suspense in the layouts) so the first page's JS stays small.
const AboutPage = lazy(() => import('../features/pages/AboutPage').then((m) => ({ default: m.AboutPage })));
const BlogPage = lazy(() => import('../features/pages/BlogPage').then((m) => ({ default: m.BlogPage })));
const ContactPage = lazy(() => import('../features/pages/ContactPage').then((m) => ({ default: m.ContactPage })));
const ToursPage = lazy(() => import('../features/tours/ToursPage').then((m) => ({ default: m.ToursPage })));
const FilteredToursPage = lazy(() => import('../features/tours/FilteredToursPage').then((m) => ({ default: m.FilteredToursPage })));
const FilteredViewPage = lazy(() => import('../features/tours/FilteredViewPage').then((m) => ({ default: m.FilteredViewPage })));
const TourDetailPage = lazy(() => import('../features/tour-detail/TourDetailPage').then((m) => ({ default: m.TourDetailPage })));
// Admin screens and their navigation are their own chunks: a visitor never downloads them.
const AdminLayout = lazy(() => import('../components/layout/AdminLayout').then((m) => ({ default: m.AdminLayout })));
const AdminDashboardPage = lazy(() => import('../features/admin/dashboard/AdminDashboardPage').then((m) => ({ default: m.AdminDashboardPage })));
const TourFormPage = lazy(() => import('../features/admin/tour-form/TourFormPage').then((m) => ({ default: m.TourFormPage })));
const MyBookingsPage = lazy(() => import('../features/booking/MyBookingsPage').then((m) => ({ default: m.MyBookingsPage })));
const AdminBookingsPage = lazy(() => import('../features/admin/bookings/AdminBookingsPage').then((m) => ({ default: m.AdminBookingsPage })));

/** Route metadata: `ssr` pages are rendered on the server too (public content worth indexing). */
export interface RouteHandle {
  ssr?: boolean;
}
const ssr: RouteHandle = { ssr: true };

/** Every route of the site and My bookings; /admin paths use the admin layout. */
export const routes: RouteObject[] = [
  {
    element: <PublicLayout account={<ProfileButton />} />,
    children: [
      { path: '/', handle: ssr, element: <HomePage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/signup', element: <SignupPage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/about', handle: ssr, element: <AboutPage /> },
      { path: '/blog', handle: ssr, element: <BlogPage /> },
      { path: '/contact-us', handle: ssr, element: <ContactPage /> },
      { path: '/tours', handle: ssr, element: <ToursPage /> },
      { path: '/tour/:id', handle: ssr, element: <TourDetailPage bookingModal={TourBookingModal} /> },
      { path: '/my-bookings', element: <RequireAuth><MyBookingsPage /></RequireAuth> },
      { path: '/tourfilter', handle: ssr, element: <FilteredToursPage /> },
      { path: '/filtered', handle: ssr, element: <FilteredViewPage /> },
      { path: '/unauthorized', element: <UnauthorizedPage /> },
      { path: '*', element: <NotFoundPage /> },
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
    ],
  },
];
