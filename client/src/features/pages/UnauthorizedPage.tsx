import { Link } from 'react-router-dom';
import { SimplePage } from './SimplePage';

export function UnauthorizedPage() {
  return (
    <SimplePage title="403 - Unauthorized">
      <p>
        You do not have permission to access this page. Please contact the administrator if you believe this is an
        error.
      </p>
      <Link className="btn btn--primary" to="/">
        Return to Home
      </Link>
    </SimplePage>
  );
}
