import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Dialog } from '../../../components/Dialog';

/** Where the login screen sends the user back to: the tour they wanted to book. */
export interface BookingLoginState {
  from: 'booking';
  returnTo: string;
}

/**
 * 'Login Required' for booking: 'Yes, login now' goes to /login noting it came from booking and
 * this tour (the login screen returns here); 'Browse Tours' goes to /tours. Escape calls
 * `onDismiss` (stay on the tour) or, with nothing behind the dialog, goes to /tours as well.
 */
export function LoginRequiredDialog({ open = true, onDismiss }: { open?: boolean; onDismiss?: () => void }) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const browse = () => navigate('/tours');
  const login = () => {
    const state: BookingLoginState = { from: 'booking', returnTo: `${pathname}${search}` };
    void navigate('/login', { state });
  };
  return (
    <Dialog
      open={open}
      role="alertdialog"
      title="Login Required"
      describedBy="login-required-text"
      onClose={onDismiss ?? browse}
      hideClose
      actions={
        <>
          <button type="button" className="btn btn--secondary" onClick={browse}>
            Browse Tours
          </button>
          <button type="button" className="btn btn--primary" onClick={login}>
            Yes, login now
          </button>
        </>
      }
    >
      <p id="login-required-text">You need to login to book this tour. Would you like to login now?</p>
    </Dialog>
  );
}

export function ErrorLoadingTour({ message }: { message: string }) {
  return (
    <section className="section detail-state" role="alert">
      <h1>Error Loading Tour</h1>
      <p>{message}</p>
      <div className="detail-state__actions">
        <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
          Try Again
        </button>
        <Link className="btn btn--secondary" to="/tours">
          Browse All Tours
        </Link>
      </div>
    </section>
  );
}

export function TourNotFound() {
  return (
    <section className="section detail-state">
      <h1>Tour Not Found</h1>
      <p>The tour you're looking for doesn't exist or may have been removed.</p>
      <Link className="btn btn--primary" to="/tours">
        Browse All Tours
      </Link>
    </section>
  );
}
