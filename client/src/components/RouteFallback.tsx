import { Spinner } from './Spinner';

/** Shown while a lazily loaded screen's code arrives. */
export function RouteFallback() {
  return (
    <div className="route-fallback">
      <Spinner label="Loading page…" />
    </div>
  );
}
