import { normalizeRole } from '@tembea/schema';

/** The signed-in user as the screens use it. */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  role: 'admin' | 'user';
  profileImage: string | null;
  /** From registeredAt, else createdAt. */
  registeredAt: string | null;
  lastLoginAt: string | null;
  permissions: string[];
}

export interface ApiUser {
  id: string;
  name: string;
  email: string;
  phone?: string | null;
  role?: string | null;
  profileImage?: string | null;
  registeredAt?: string | null;
  createdAt?: string | null;
  lastLoginAt?: string | null;
  permissions?: readonly string[] | null;
}

export function toSessionUser(u: ApiUser): SessionUser {
  return {
    id: String(u.id),
    name: u.name,
    email: u.email,
    phone: u.phone || null,
    role: normalizeRole(u.role),
    profileImage: u.profileImage || null,
    registeredAt: u.registeredAt ?? u.createdAt ?? null,
    lastLoginAt: u.lastLoginAt ?? null,
    permissions: [...(u.permissions ?? [])],
  };
}
