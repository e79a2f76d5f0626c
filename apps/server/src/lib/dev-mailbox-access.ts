import net from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountRefusal, bearerToken, can } from './access.js';
import { hashToken } from './tokens.js';

/**
 * Who may read the dev mailbox (docs/decisions/0025-dev-mailbox.md). It holds every email the
 * server kept, password resets of the admin included, so it answers only the developer at this
 * machine or an admin.
 */

/** The mailbox exists only outside production and without SMTP, where emails are not sent. */
export function devMailboxEnabled(app: FastifyInstance): boolean {
  return !app.config.isProduction && !app.mailer;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Headers a proxy adds. A reverse proxy on this machine connects from loopback too, but it speaks
 * for someone else.
 */
function forwarded(request: FastifyRequest): boolean {
  return Object.keys(request.headers).some((name) => name === 'forwarded' || name === 'x-real-ip' || name === 'via' || name.startsWith('x-forwarded-'));
}

/**
 * The Host a browser on this machine uses. Any other name on a loopback socket is a DNS-rebinding
 * page (a site whose name now resolves to 127.0.0.1) reading the mailbox through the victim's browser.
 */
function localHost(request: FastifyRequest, publicUrl: string): boolean {
  const host = request.headers.host;
  if (!host) return false;
  let hostname: string;
  try {
    hostname = new URL(`http://${host}`).hostname.toLowerCase();
  } catch {
    return false;
  }
  const bare = hostname.replace(/^\[|\]$/g, '');
  return net.isIP(bare) !== 0 || hostname === 'localhost' || hostname.endsWith('.localhost') || hostname === new URL(publicUrl).hostname.toLowerCase();
}

/** From this machine, straight: the socket's own address, never `request.ip` (proxy headers may set it). */
function fromThisMachine(request: FastifyRequest, publicUrl: string): boolean {
  const address = request.raw.socket?.remoteAddress;
  return !!address && LOOPBACK.has(address) && !forwarded(request) && localHost(request, publicUrl);
}

async function signedInAdmin(app: FastifyInstance, request: FastifyRequest): Promise<boolean> {
  const token = bearerToken(request);
  if (!token) return false;
  const found = await app.sessions.findByAccessTokenHash(hashToken(token));
  return !!found && can(found.user, 'devMailbox.read') && accountRefusal(found.user, found.agencyStatus) === null;
}

/** Whether this request may see the dev mailbox (the page or its API); everyone else gets 404. */
export async function mayReadDevMailbox(app: FastifyInstance, request: FastifyRequest): Promise<boolean> {
  if (!devMailboxEnabled(app)) return false;
  return fromThisMachine(request, app.config.publicUrl) || (await signedInAdmin(app, request));
}
