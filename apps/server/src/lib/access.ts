import type { UserRow } from '../db/schema/index.js';

/**
 * Tenancy in one place: an agency and its associates form one tenant whose id is the agency's
 * user id. Admins belong to none and see everything.
 */
export function agencyIdOf(user: Pick<UserRow, 'id' | 'role' | 'agencyId'>): number | null {
  if (user.role === 'agency') return user.id;
  if (user.role === 'associate') return user.agencyId;
  return null;
}

export const isAdmin = (user: Pick<UserRow, 'role'>) => user.role === 'admin';
