import { Link, useNavigate } from 'react-router-dom';
import { Dialog } from '../../../components/Dialog';

/** An error asking the visitor to sign in ('Authentication required' / 'Please login', spec 2). */
export function isLoginError(message: string): boolean {
  return /authentication required|please login/i.test(message);
}

export function LoginRequiredDialog() {
  const navigate = useNavigate();
  return (
    <Dialog
      open
      role="alertdialog"
      title="Login Required"
      describedBy="login-required-text"
      onClose={() => navigate('/tours')}
      hideClose
      actions={
        <>
          <button type="button" className="btn btn--secondary" onClick={() => navigate('/tours')}>Browse Tours</button>
          <button type="button" className="btn btn--primary" onClick={() => navigate('/login', { state: { from: 'booking' } })}>Yes, login now</button>
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
        <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>Try Again</button>
        <Link className="btn btn--secondary" to="/tours">Browse All Tours</Link>
      </div>
    </section>
  );
}

export function TourNotFound() {
  return (
    <section className="section detail-state">
      <h1>Tour Not Found</h1>
      <p>The tour you're looking for doesn't exist or may have been removed.</p>
      <Link className="btn btn--primary" to="/tours">Browse All Tours</Link>
    </section>
  );
}
