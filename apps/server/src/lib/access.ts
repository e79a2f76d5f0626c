import { messages, roleCan, type Capability } from '@copydesk/shared';
import type { UserRow } from '../db/schema/index.js';
import { AppError } from './app-error.js';

/**
 * Tenancy in one place: an agency and its associates form one tenant whose id is the agency's
 * user id. Admins belong to none and see everything.
 */
export function agencyIdOf(user: Pick<UserRow, 'id' | 'role' | 'agencyId'>): number | null {
  if (user.role === 'agency') return user.id;
  if (user.role === 'associate') return user.agencyId;
  return null;
}

/**
 * Whether the user's role may do something, from the one permission table in
 * packages/shared/src/permissions.ts (the web app reads the same table). Which records it may do
 * it to is the caller's tenant check (`agencyIdOf`, the scopes).
 */
export function can(user: Pick<UserRow, 'role'> | null | undefined, capability: Capability): boolean {
  return roleCan(user?.role, capability);
}

/** `can`, or a 403 with the message the call has always answered (by default `messages.forbidden`). */
export function assertCan(user: Pick<UserRow, 'role'> | null | undefined, capability: Capability, message: string = messages.forbidden): void {
  if (!can(user, capability)) throw new AppError('FORBIDDEN', message);
}
