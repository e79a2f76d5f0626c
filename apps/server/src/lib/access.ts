import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler, preValidationAsyncHookHandler } from 'fastify';
import { endpoints, isApiKeyShaped, roleCan, type Capability, type Endpoint, type ErrorCode, type Role } from '@copydesk/shared';
import type { UserRow } from '../db/schema/index.js';
import { AppError } from './app-error.js';
import { hashToken, safeEqual } from './tokens.js';

/**
 * The access layer: the one place that answers "may this actor do this to these records"
 * (docs/decisions/0011-tenancy-and-roles.md). It holds
 *
 *   - the account state: a deactivated user, or an associate of a deactivated agency, is refused;
 *   - the capability: what a role may do at all, from the permission table in packages/shared;
 *   - the tenant scope: which records a caller reaches (admin: all; agency: itself and its
 *     associates; associate: its own orders and payments, and its agency's items and threads);
 *   - the verified-email gate of orders and items;
 *   - the reach of a session opened by an emailed sign-in link: the payment of its one order;
 *   - the reach of an API key: its owner's, except the calls its entry marks `apiKey: false`
 *     (docs/decisions/0043-api-keys-and-mcp.md).
 *
 * Routes get their guard from their endpoint-table entry (`guardOf`, installed by lib/route.ts);
 * services ask the scopes here and hand them to repositories, which never derive their own.
 */

/* ── Who is calling ─────────────────────────────────────────────────────────────────────────── */

/** The signed-in user as a request carries it: the row, its agency's name and its order count. */
export type SessionUser = UserRow & { agencyName: string | null; orderCount: number };

export interface Session {
  tokenId: number;
  user: SessionUser;
  /** The status of an associate's agency; null for anyone else. */
  agencyStatus: number | null;
  /** A session opened by an emailed sign-in link: the one order it may pay or look at. Null or absent: a full session. */
  orderId?: number | null;
}

/** A live API key as a request carries it: its owner, as a session carries its user. */
export interface ApiKeySession {
  apiKeyId: number;
  /** The stored SHA-256 (hex), compared again in constant time with the presented key's. */
  keyHash: string;
  user: SessionUser;
  /** The status of an associate's agency; null for anyone else (keys belong to agencies and admins). */
  agencyStatus: number | null;
  /** Whether `last_used_at` is unset or older than a minute by the database's clock: the use is then recorded. */
  useStale: boolean;
  /** The key's rate-limit window as the lookup read it (its `rate_limit_buckets` row): requests counted so far, and milliseconds left. */
  window: { count: number; msLeft: number };
}

/** How the guard finds the session of a bearer token (its hash); the app decorates it (plugins/auth.ts). */
export interface SessionStore {
  findByAccessTokenHash(tokenHash: string): Promise<Session | null>;
  /** Whether a payment is one of this order's (a sign-in link's session may ask for that invoice only). Absent: never. */
  isPaymentOfOrder?(paymentId: number, orderId: number): Promise<boolean>;
  /** The live (unrevoked) API key of this hash with its owner; null for an unknown or revoked one. Absent: keys are refused (401). */
  findByApiKeyHash?(keyHash: string): Promise<ApiKeySession | null>;
  /** Records a key's use: a conditional UPDATE that writes `last_used_at` at most once a minute. */
  touchApiKey?(apiKeyId: number): Promise<void>;
}

/** The rate-limit bucket of a key: the key the counter (plugins/auth.ts) writes and the key's lookup (modules/api-keys) reads. */
export const API_KEY_BUCKET_PREFIX = 'api-key:';
/** The window of a key's limit: per minute. */
export const API_KEY_WINDOW_MS = 60_000;
export const apiKeyBucket = (apiKeyId: number) => `${API_KEY_BUCKET_PREFIX}${apiKeyId}`;

/**
 * The per-key request limit (plugins/auth.ts): requests a key may make per minute, this instance's
 * requests of a key not yet in its bucket (`api-key:<id>` in the shared rate-limit table), and the
 * counter that adds one.
 */
export interface ApiKeyLimiter {
  perMinute: number;
  pending(apiKeyId: number): number;
  count(apiKeyId: number): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionStore;
    /** Counts a request of an API key against its per-minute limit; null: not counted (a bare test app). */
    apiKeyLimiter: ApiKeyLimiter | null;
  }
  interface FastifyRequest {
    /** The signed-in user, set by the route's guard. */
    user: SessionUser | null;
    /** The access token row of this request, so logout revokes exactly it; null for an API key's request. */
    accessTokenId: number | null;
    /** The API key this request was authenticated by; null for a session (or no caller). */
    apiKeyId: number | null;
  }
}

/** The bearer token of a request, if it carries a well-formed one. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+([A-Za-z0-9_\-.~+/=]{16,200})$/i.exec(header.trim());
  return match ? match[1]! : null;
}

/* ── Account state and capabilities ──────────────────────────────────────────────────────────── */

/** Why an account may not be used: the error code of the refusal. */
export type AccountRefusal = Extract<ErrorCode, 'auth.account_deactivated' | 'auth.agency_deactivated'>;

/**
 * Why an account may not be used right now, or null when it may: a deactivated user, or an
 * associate whose agency is deactivated. Sign-in and every call ask this.
 */
export function accountRefusal(user: Pick<UserRow, 'status' | 'role'>, agencyStatus: number | null): AccountRefusal | null {
  if (user.status !== 1) return 'auth.account_deactivated';
  if (user.role === 'associate' && agencyStatus !== 1) return 'auth.agency_deactivated';
  return null;
}

/**
 * Whether the user's role may do something, from the one permission table in
 * packages/shared/src/permissions.ts (the web app reads the same table). Which records it may do
 * it to is the scopes' business, below.
 */
export function can(user: Pick<UserRow, 'role'> | null | undefined, capability: Capability): boolean {
  return roleCan(user?.role, capability);
}

/** `can`, or a 403 with the code the call has always answered (by default `auth.forbidden`). */
export function assertCan(user: Pick<UserRow, 'role'> | null | undefined, capability: Capability, code: ForbiddenCode = 'auth.forbidden'): void {
  if (!can(user, capability)) throw new AppError(code);
}

/** The codes a missing capability answers with. */
type ForbiddenCode = Extract<ErrorCode, 'auth.forbidden' | 'payment.wallet_only'>;

/** Customers see and act on orders and items only once their email is verified; staff always. */
export function assertVerified(user: Pick<UserRow, 'role' | 'emailVerifiedAt'>): void {
  if (!can(user, 'orders.readUnverified') && !user.emailVerifiedAt) throw new AppError('order.email_unverified');
}

/* ── Sign-in link sessions ───────────────────────────────────────────────────────────────────── */

/** What a call of a sign-in link's session names, as the request carries it (before validation). */
type LinkCall = { params: unknown; query: unknown; body: unknown; userId: number; orderId: number; sessions: SessionStore };

const field = (value: unknown, key: string): unknown => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined);
/** Whether a raw parameter (a path or query string, or a JSON number) is this id. */
const isId = (value: unknown, id: number) => (typeof value === 'string' || typeof value === 'number') && String(value) === String(id);

/**
 * What a session opened by an emailed sign-in link may call (docs/decisions/0013-sessions-in-the-database.md):
 * its order, that order's payment and what the payment page shows (the wallet balance, the saved
 * cards, a coupon's quote, the invoice of that order's payment), and what the signed-in frame asks
 * on every screen (who is signed in, sign-out, the inbox's unread count, the offer banner).
 * Each entry says whether the call names that order or the session's own user; `null`: it names
 * neither. Any other call answers 403 `auth.link_session_only`, and the web app then asks for a
 * normal sign-in. The public calls (the card form's configuration, the lists of places) need no
 * session at all.
 */
const LINK_SESSION_CALLS = new Map<Endpoint, ((call: LinkCall) => boolean | Promise<boolean>) | null>([
  [endpoints.getInfo, null],
  [endpoints.logout, null],
  [endpoints.getUnreadCount, null],
  [endpoints.getOfferStatus, null],
  [endpoints.applyCoupon, null],
  // The sign-in page asks whose link a browser holding such a session opened (auth.service.ts, getSignInLinkOwner).
  [endpoints.getSignInLinkOwner, null],
  [endpoints.getOrder, (call) => isId(field(call.params, 'id'), call.orderId)],
  [endpoints.payOrder, (call) => isId(field(field(call.body, 'paymentInfo'), 'order_id'), call.orderId)],
  [endpoints.getAvailableBalance, (call) => isId(field(call.params, 'userId'), call.userId)],
  [endpoints.listSavedCards, (call) => isId(field(call.params, 'userId'), call.userId)],
  [
    endpoints.getInvoiceLink,
    async (call) => {
      const id = field(call.params, 'id');
      return typeof id === 'string' && /^\d{1,10}$/.test(id) && Boolean(await call.sessions.isPaymentOfOrder?.(Number(id), call.orderId));
    },
  ],
]);

/** The order of each request made by a sign-in link's session, for its call's own check (`linkOrderCheckOf`). */
const linkSessionOf = new WeakMap<FastifyRequest, { userId: number; orderId: number }>();

/** The order a sign-in link's session is bound to, for a call it may make; null for a full session. */
export function linkSessionOrderOf(request: FastifyRequest): number | null {
  return linkSessionOf.get(request)?.orderId ?? null;
}

/**
 * The check of a call a sign-in link's session may make that names an order or a user: run in
 * preValidation, once the body is read and before it is validated, so the session learns nothing of
 * another order. Null for calls that need none; full sessions pass untouched.
 */
export function linkOrderCheckOf(endpoint: Endpoint): preValidationAsyncHookHandler | null {
  const names = LINK_SESSION_CALLS.get(endpoint);
  if (!names) return null;
  return async function checkLinkOrder(this: FastifyInstance, request) {
    const session = linkSessionOf.get(request);
    if (!session) return;
    const call = { params: request.params, query: request.query, body: request.body, ...session, sessions: this.sessions };
    if (!(await names(call))) throw new AppError('auth.link_session_only');
  };
}

/* ── Route guards ───────────────────────────────────────────────────────────────────────────── */

/**
 * The onRequest guard of a route that needs a signed-in user, optionally one allowed any of some
 * capabilities. A deactivated account's tokens, and an inactive agency's associates, stop working
 * with 403 before any capability is asked. A sign-in link's session passes only the calls of
 * `LINK_SESSION_CALLS`, which `guardOf` hands in as `linkCall` (their order is checked later, by
 * `linkOrderCheckOf`); everything else answers it 403. A guard installed by hand, outside an
 * entry's `access`, refuses API keys: only an entry can say that a key may make its call.
 */
export function requireAuth(...allowed: Capability[]): onRequestAsyncHookHandler {
  return authenticate(allowed, { linkCall: false, apiKey: false });
}

/**
 * The caller of an API key (`Authorization: Bearer cd_…`), for `authenticate`: the key's owner with
 * the owner's capabilities and tenancy. An unknown or revoked key answers 401 like an unknown token;
 * a key past its per-minute limit 429 with Retry-After; a deactivated owner the session's refusal; a
 * call whose entry says `apiKey: false` 403 `auth.api_key_forbidden`. The use is recorded at most
 * once a minute.
 */
async function apiKeyCaller(app: FastifyInstance, request: FastifyRequest, key: string, acceptsKeys: boolean) {
  const keyHash = hashToken(key);
  const found = await app.sessions.findByApiKeyHash?.(keyHash);
  // The row was found by its hash; comparing the hashes again in constant time costs nothing and
  // keeps the decision itself free of a timing difference.
  if (!found || !safeEqual(found.keyHash, keyHash)) throw new AppError('auth.unauthenticated');
  // The limiter keys its counter on it (plugins/auth.ts).
  request.apiKeyId = found.apiKeyId;
  const limiter = app.apiKeyLimiter;
  if (limiter) {
    // The lookup read the key's window in the same statement, and this instance's requests not yet
    // written to it are added (plugins/auth.ts): a key's call costs no round trip or write of its
    // own. Other instances' requests of the last moment may let a few more through, never many.
    if (found.window.count + limiter.pending(found.apiKeyId) >= limiter.perMinute)
      throw new AppError('rate_limit.exceeded').retryAfter((found.window.msLeft || API_KEY_WINDOW_MS) / 1000);
    limiter.count(found.apiKeyId);
  }
  const refusal = accountRefusal(found.user, found.agencyStatus);
  if (refusal) throw new AppError(refusal);
  if (!acceptsKeys) throw new AppError('auth.api_key_forbidden');
  if (found.useStale) await app.sessions.touchApiKey?.(found.apiKeyId);
  return found;
}

function authenticate(allowed: readonly Capability[], how: { linkCall: boolean; apiKey: boolean }): onRequestAsyncHookHandler {
  const permits = (role: Role) => allowed.some((capability) => roleCan(role, capability));
  return async function authenticate(this: FastifyInstance, request) {
    const token = bearerToken(request);
    if (!token) throw new AppError('auth.unauthenticated');
    if (isApiKeyShaped(token)) {
      const key = await apiKeyCaller(this, request, token, how.apiKey);
      if (allowed.length && !permits(key.user.role)) throw new AppError('auth.forbidden');
      request.user = key.user;
      return;
    }
    const found = await this.sessions.findByAccessTokenHash(hashToken(token));
    if (!found) throw new AppError('auth.unauthenticated');
    const refusal = accountRefusal(found.user, found.agencyStatus);
    if (refusal) throw new AppError(refusal);
    if (found.orderId != null) {
      if (!how.linkCall) throw new AppError('auth.link_session_only');
      linkSessionOf.set(request, { userId: found.user.id, orderId: found.orderId });
    }
    if (allowed.length && !permits(found.user.role)) throw new AppError('auth.forbidden');
    request.user = found.user;
    request.accessTokenId = found.tokenId;
  };
}

/**
 * A public call an API key may not make (`POST /register` with a token adds a user): a request
 * carrying a key answers 403 `auth.api_key_forbidden`; anyone else goes on to the route.
 */
const refuseApiKeys: onRequestAsyncHookHandler = async (request) => {
  const token = bearerToken(request);
  if (token && isApiKeyShaped(token)) throw new AppError('auth.api_key_forbidden');
};

/** The guard an endpoint-table entry's `access` (and `apiKey`) stands for; none for a public call open to keys. */
export function guardOf(endpoint: Pick<Endpoint, 'access' | 'apiKey'>): onRequestAsyncHookHandler | null {
  const { access } = endpoint;
  const apiKey = endpoint.apiKey !== false;
  if (access === 'public') return apiKey ? null : refuseApiKeys;
  const linkCall = LINK_SESSION_CALLS.has(endpoint as Endpoint);
  return authenticate(access === 'signed-in' ? [] : access, { linkCall, apiKey });
}

/**
 * The guard of the MCP endpoint (outside /api, modules/mcp): an API key and nothing else, with the
 * key's usual checks (revoked 401, its rate limit, a deactivated owner's refusal). A session token
 * or no token answers 401 with `message`.
 */
export function requireApiKey(message: string): onRequestAsyncHookHandler {
  return async function requireApiKey(this: FastifyInstance, request) {
    const token = bearerToken(request);
    if (!token || !isApiKeyShaped(token)) throw new AppError('auth.unauthenticated', message);
    request.user = (await apiKeyCaller(this, request, token, true)).user;
  };
}

/**
 * What a route's guard decides from an entry, for a caller already authenticated by an API key that
 * makes the same call another way (an MCP tool, modules/mcp): the entry refusing keys, or the role
 * lacking every capability its `access` names, is refused as the route would refuse it.
 */
export function assertKeyMayCall(endpoint: Pick<Endpoint, 'access' | 'apiKey'>, user: Pick<UserRow, 'role'>): void {
  if (endpoint.apiKey === false) throw new AppError('auth.api_key_forbidden');
  const { access } = endpoint;
  if (access !== 'public' && access !== 'signed-in' && !access.some((capability) => can(user, capability))) throw new AppError('auth.forbidden');
}

/** The signed-in user of a guarded route. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError('auth.unauthenticated');
  return request.user;
}

/* ── Tenant scopes ──────────────────────────────────────────────────────────────────────────── */

type Tenant = Pick<UserRow, 'id' | 'role' | 'agencyId'>;

/**
 * An agency and its associates form one tenant whose id is the agency's user id. Admins belong to
 * none and see everything.
 */
export function agencyIdOf(user: Tenant): number | null {
  if (user.role === 'agency') return user.id;
  if (user.role === 'associate') return user.agencyId;
  return null;
}

/** Which orders a caller reaches: all, one agency's, or only those a user placed. */
export type OrderScope = { kind: 'all' } | { kind: 'agency'; agencyId: number } | { kind: 'user'; userId: number };

/**
 * Which payments a caller sees: all, or one agency's wallet; `ordersOnly` leaves top-ups out;
 * `orderedBy` keeps only the payments and refunds of orders that user placed.
 */
export type PaymentScope = { kind: 'all' } | { kind: 'agency'; agencyId: number; ordersOnly: boolean; orderedBy: number | null };

/** Which orders (and their items) a caller may delete, and whether paid ones among them. */
export type DeletionScope = { orders: OrderScope; paid: boolean };

/** Which users a caller manages: everyone, or one agency and its associates. */
export type UserScope = { kind: 'all' } | { kind: 'agency'; agencyId: number };

export const scopes = {
  /**
   * Orders (and paying them): admins all; an agency every order of its tenant; an associate only
   * those it placed (`orders.readTeam`).
   */
  orders(user: Tenant): OrderScope {
    if (can(user, 'tenants.all')) return { kind: 'all' };
    const agencyId = agencyIdOf(user);
    if (agencyId !== null && can(user, 'orders.readTeam')) return { kind: 'agency', agencyId };
    return { kind: 'user', userId: user.id };
  },

  /**
   * Deleting orders and items (docs/decisions/0034-customers-delete-unpaid-orders.md): admins any
   * order (`paid`: a paid one too, refunded); customers only unpaid ones, of the orders they reach
   * (an agency its team's, an associate its own). Whoever has neither capability is refused.
   */
  deletions(user: Tenant): DeletionScope {
    if (can(user, 'orders.manage')) return { orders: { kind: 'all' }, paid: true };
    assertCan(user, 'orders.deleteUnpaid');
    return { orders: scopes.orders(user), paid: false };
  },

  /** Items under review are the tenant's: an agency and its associates review every item of the agency. */
  items(user: Tenant): OrderScope {
    const agencyId = agencyIdOf(user);
    return agencyId === null ? { kind: 'all' } : { kind: 'agency', agencyId };
  },

  /**
   * Payments: admins all; an agency every payment, refund and top-up of its wallet; an associate
   * only the payments and refunds of orders it placed, as for the orders list.
   */
  payments(user: Tenant): PaymentScope {
    if (can(user, 'tenants.all')) return { kind: 'all' };
    return {
      kind: 'agency',
      agencyId: agencyIdOf(user)!,
      ordersOnly: !can(user, 'billing.topups'),
      orderedBy: can(user, 'orders.readTeam') ? null : user.id,
    };
  },

  /** User management: admins everyone; an agency itself and its associates; associates nobody (403). */
  users(user: Tenant): UserScope {
    assertCan(user, 'users.manage');
    if (can(user, 'tenants.all')) return { kind: 'all' };
    return { kind: 'agency', agencyId: user.id };
  },

  /** Support threads: one agency's (null: every agency's, for the support team). */
  threads(user: Tenant): number | null {
    return agencyIdOf(user);
  },
};

/**
 * The agency whose wallet `target` stands for, if the caller may see it: admins any agency's or
 * associate's; inside a tenant, whoever manages the team any member, the others only themselves or
 * the agency. Null when it may not (answered as a record that does not exist).
 */
export function walletAgencyOf(user: Tenant, target: Tenant | null): number | null {
  const agencyId = target ? agencyIdOf(target) : null;
  if (agencyId === null || !target) return null;
  if (can(user, 'tenants.all')) return agencyId;
  if (agencyId !== agencyIdOf(user)) return null;
  return can(user, 'users.manage') || target.id === user.id || target.id === agencyId ? agencyId : null;
}

/** Whether the caller manages this user: admins anyone; an agency its own associates. */
export function managesUser(user: Tenant, target: Tenant): boolean {
  return can(user, 'tenants.all') || (can(user, 'users.manage') && target.role === 'associate' && target.agencyId === user.id);
}
