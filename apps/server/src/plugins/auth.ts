import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { messages, roleCan, userMessages, type Capability, type Role } from '@copydesk/shared';
import type { UserRow } from '../db/schema/index.js';
import type { UserWithAgency } from '../modules/users/users.repository.js';
import { AppError } from '../lib/app-error.js';
import { hashToken } from '../lib/tokens.js';
import { authRepository } from '../modules/auth/auth.repository.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, with its agency's name and order count, set by `requireAuth`. */
    user: UserWithAgency | null;
    /** The access token row of this request, so logout revokes exactly it. */
    accessTokenId: number | null;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+([A-Za-z0-9_\-.~+/=]{16,200})$/i.exec(header.trim());
  return match ? match[1]! : null;
}

/**
 * Why an account may not be used right now, or null when it may: a deactivated user, or an
 * associate whose agency is deactivated (docs/decisions/0011-tenancy-and-roles.md). Sign-in and
 * every call ask this.
 */
export function accountRefusal(user: Pick<UserRow, 'status' | 'role'>, agencyStatus: number | null): string | null {
  if (user.status !== 1) return messages.accountDeactivated;
  if (user.role === 'associate' && agencyStatus !== 1) return userMessages.agencyDeactivated;
  return null;
}

/** Decorates requests with `user`; `requireAuth(...)` turns a bearer token into that user. */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);
  app.decorateRequest('accessTokenId', null);
});

/**
 * onRequest hook for a route that needs a signed-in user, optionally one allowed a capability of
 * the permission table (`requireAuth('coupons.admin')`). A deactivated account's tokens, and an
 * inactive agency's associates, stop working with 403 (docs/decisions/0011-tenancy-and-roles.md)
 * before any capability is asked. Several capabilities mean any one of them.
 */
export function requireAuth(...allowed: Capability[]): preHandlerAsyncHookHandler {
  const permits = (role: Role) => allowed.some((capability) => roleCan(role, capability));
  return async function authenticate(this: FastifyInstance, request) {
    const token = bearerToken(request);
    if (!token) throw new AppError('UNAUTHENTICATED', messages.unauthenticated);
    const found = await authRepository.findUserByAccessToken(this.db, hashToken(token));
    if (!found) throw new AppError('UNAUTHENTICATED', messages.unauthenticated);
    const refusal = accountRefusal(found.user, found.agencyStatus);
    if (refusal) throw new AppError('FORBIDDEN', refusal);
    if (allowed.length && !permits(found.user.role)) throw new AppError('FORBIDDEN', messages.forbidden);
    request.user = found.user;
    request.accessTokenId = found.tokenId;
  };
}

/** The signed-in user of a route guarded by `requireAuth`. */
export function currentUser(request: FastifyRequest): UserWithAgency {
  if (!request.user) throw new AppError('UNAUTHENTICATED', messages.unauthenticated);
  return request.user;
}
