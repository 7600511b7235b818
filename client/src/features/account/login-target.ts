import type { SessionUser } from '../../auth/AuthProvider';

/** Where a user goes after logging in (spec 2): admins to /admin, others back where they came from, else /. */
export type LoginTarget = { to: string } | { back: true };

export function loginTarget(user: Pick<SessionUser, 'role'>, state: unknown): LoginTarget {
  const from = (state as { from?: unknown } | null)?.from;
  const path =
    typeof from === 'string' && from.startsWith('/')
      ? from
      : from && typeof from === 'object' && typeof (from as { pathname?: unknown }).pathname === 'string'
        ? `${(from as { pathname: string }).pathname}${(from as { search?: string }).search ?? ''}`
        : null;
  if (user.role === 'admin') return { to: path?.startsWith('/admin') ? path : '/admin' };
  if (path && !path.startsWith('/admin') && !path.startsWith('/login')) return { to: path };
  // Sent here by the booking prompt of a tour: return to that tour.
  if (from === 'booking') return { back: true };
  return { to: '/' };
}
