import { normalizeRole } from '@tembea/schema';
import type { User } from './user.entity.js';
import type { UserType } from './user.types.js';

const PERMISSIONS: Record<'admin' | 'user', readonly string[]> = {
  admin: ['tours:write', 'bookings:manage', 'users:manage'],
  user: ['bookings:own'],
};

/** Most permissions a role has: the bound of `User.permissions`. */
export const PERMISSIONS_MAX = Math.max(...Object.values(PERMISSIONS).map((p) => p.length));

/** What a role may do, as shown in the admin profile. */
export function permissionsFor(role: unknown): string[] {
  return [...PERMISSIONS[normalizeRole(role)]];
}

export function toUserType(u: User): UserType {
  return {
    id: String(u.id),
    name: u.name,
    email: u.email,
    phone: u.phone ?? null,
    role: normalizeRole(u.role),
    profileImage: u.profileImage ?? null,
    registeredAt: u.createdAt,
    createdAt: u.createdAt,
    lastLoginAt: u.lastLoginAt ?? null,
    permissions: permissionsFor(u.role),
  };
}

/** The REST shape of a user: the same fields, dates as ISO text, profilePicture as an alias. */
export function toRestUser(u: User) {
  const t = toUserType(u);
  return {
    ...t,
    profilePicture: t.profileImage,
    registeredAt: t.registeredAt.toISOString(),
    createdAt: t.createdAt.toISOString(),
    lastLoginAt: t.lastLoginAt?.toISOString() ?? null,
  };
}
