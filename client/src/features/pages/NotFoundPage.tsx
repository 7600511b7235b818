import { Link } from 'react-router-dom';
import { SimplePage } from './SimplePage';

export function NotFoundPage() {
  return (
    <SimplePage title="Page not found" notFound>
      <p>There is no page at this address.</p>
      <Link className="btn btn--primary" to="/">
        Return to Home
      </Link>
    </SimplePage>
  );
}
