import type { SessionUser } from '../../auth/AuthProvider';

/** Where a user goes after logging in: admins to /admin, others back where they came from, else /. */
export type LoginTarget = { to: string } | { back: true };

/** A path of this site ('/x', never '//host' or '/\host', which browsers read as another origin). */
function ownPath(v: unknown): string | null {
  return typeof v === 'string' && v.startsWith('/') && !/^\/[/\\]/.test(v) ? v : null;
}

export function loginTarget(user: Pick<SessionUser, 'role'>, state: unknown): LoginTarget {
  const { from, returnTo } = (state ?? {}) as { from?: unknown; returnTo?: unknown };
  const path =
    ownPath(from) ??
    (from && typeof from === 'object' && typeof (from as { pathname?: unknown }).pathname === 'string'
      ? ownPath(`${(from as { pathname: string }).pathname}${(from as { search?: string }).search ?? ''}`)
      : null);
  if (user.role === 'admin') return { to: path?.startsWith('/admin') ? path : '/admin' };
  if (path && !path.startsWith('/admin') && !path.startsWith('/login')) return { to: path };
  // Sent here by the booking prompt of a tour: back to that tour.
  if (from === 'booking') {
    const tour = ownPath(returnTo);
    return tour && !tour.startsWith('/login') ? { to: tour } : { back: true };
  }
  return { to: '/' };
}
