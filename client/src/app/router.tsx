import { createBrowserRouter } from 'react-router-dom';
import { PublicLayout } from '../components/layout/PublicLayout';
import { AdminLayout } from '../components/layout/AdminLayout';
import { HomePage } from '../features/home/HomePage';
import { SimplePage } from '../features/pages/SimplePage';
import { UnauthorizedPage } from '../features/pages/UnauthorizedPage';
import { NotFoundPage } from '../features/pages/NotFoundPage';

/** Every route of spec section 2; /admin paths use the admin layout. */
export const router = createBrowserRouter([
  {
    element: <PublicLayout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/login', element: <SimplePage title="Login" /> },
      { path: '/signup', element: <SimplePage title="Sign up" /> },
      { path: '/forgot-password', element: <SimplePage title="Forgot password" /> },
      { path: '/reset-password', element: <SimplePage title="Reset password" /> },
      { path: '/about', element: <SimplePage title="About" /> },
      { path: '/blog', element: <SimplePage title="Travel tips" /> },
      { path: '/contact-us', element: <SimplePage title="Contact" /> },
      { path: '/tours', element: <SimplePage title="All Tours" /> },
      { path: '/tour/:id', element: <SimplePage title="Tour" /> },
      { path: '/tourfilter', element: <SimplePage title="Filtered Tours" /> },
      { path: '/filtered', element: <SimplePage title="Filtered Tours" /> },
      { path: '/unauthorized', element: <UnauthorizedPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  {
    path: '/admin',
    element: <AdminLayout />,
    children: [
      { index: true, element: <SimplePage title="Admin Dashboard" /> },
      { path: 'new-tour', element: <SimplePage title="New Tour" /> },
      { path: 'edit/:id', element: <SimplePage title="Edit Tour" /> },
      { path: 'bookings', element: <SimplePage title="Bookings Management" /> },
    ],
  },
]);
