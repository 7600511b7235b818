import { describe, expect, it } from 'vitest';
import { loginTarget } from './login-target';

const user = { role: 'user' as const };
const admin = { role: 'admin' as const };

describe('loginTarget', () => {
  it('returns a user to the tour the booking prompt came from', () => {
    expect(loginTarget(user, { from: 'booking', returnTo: '/tour/12' })).toEqual({ to: '/tour/12' });
    expect(loginTarget(user, { from: 'booking' })).toEqual({ back: true });
    expect(loginTarget(user, { from: 'booking', returnTo: '//evil.example/x' })).toEqual({ back: true });
  });

  it('returns a user to a guarded page, never to another origin, /admin or /login', () => {
    expect(loginTarget(user, { from: { pathname: '/my-bookings', search: '' } })).toEqual({ to: '/my-bookings' });
    expect(loginTarget(user, { from: '/\\evil.example' })).toEqual({ to: '/' });
    expect(loginTarget(user, { from: { pathname: '/admin/bookings' } })).toEqual({ to: '/' });
    expect(loginTarget(user, { from: 'profile' })).toEqual({ to: '/' });
  });

  it('lands an admin on /admin, or the admin page asked for', () => {
    expect(loginTarget(admin, { from: 'booking', returnTo: '/tour/12' })).toEqual({ to: '/admin' });
    expect(loginTarget(admin, { from: { pathname: '/admin/bookings', search: '?status=Pending' } })).toEqual({
      to: '/admin/bookings?status=Pending',
    });
  });
});
