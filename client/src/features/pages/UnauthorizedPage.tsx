import { Link } from 'react-router-dom';
import { SimplePage } from './SimplePage';

// One string, so the formatter never wraps the fixed text across source lines.
const UNAUTHORIZED_TEXT =
  'You do not have permission to access this page. Please contact the administrator if you believe this is an error.';

export function UnauthorizedPage() {
  return (
    <SimplePage title="403 - Unauthorized">
      <p>{UNAUTHORIZED_TEXT}</p>
      <Link className="btn btn--primary" to="/">
        Return to Home
      </Link>
    </SimplePage>
  );
}
