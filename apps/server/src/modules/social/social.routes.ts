import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints, messages } from '@copydesk/shared';
import { AppError } from '../../lib/app-error.js';
import { route } from '../../lib/route.js';
import { createGoogleSignIn, SIGN_IN_TTL_MS } from './social.service.js';

/**
 * Google sign-in: /socialredirect sends the browser to Google, Google sends it back to
 * /socialcallback, which hands over to the web page /social-login/<one-time token>. Every outcome
 * is a redirect: these are page loads, a JSON error would strand the user on a blank page.
 */

const COOKIE = 'copydesk_oidc';
const CALLBACK_PATH = '/api/socialcallback';

const loginWithError = (message: string) => `/login?error=${encodeURIComponent(message)}`;

function readCookie(request: FastifyRequest, name: string): string | undefined {
  for (const pair of (request.headers.cookie ?? '').split(';')) {
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq).trim() === name) return pair.slice(eq + 1).trim();
  }
  return undefined;
}

export const socialRoutes: FastifyPluginAsyncZod = async (app) => {
  const google = createGoogleSignIn(app.config);
  const redirectUri = `${app.config.publicUrl}${CALLBACK_PATH}`;
  const secure = app.config.publicUrl.startsWith('https:');

  /** httpOnly, sent back only to the callback, and only on the top-level return from Google (Lax). */
  function setPendingCookie(reply: FastifyReply, value: string, maxAgeSeconds: number) {
    const attributes = [`Path=${CALLBACK_PATH}`, `Max-Age=${maxAgeSeconds}`, 'HttpOnly', 'SameSite=Lax', ...(secure ? ['Secure'] : [])];
    reply.header('set-cookie', `${COOKIE}=${value}; ${attributes.join('; ')}`);
  }

  route(app, endpoints.socialRedirect, {}, async (request, reply) => {
    if (!google.configured) return reply.redirect(loginWithError(messages.socialNotConfigured));
    try {
      const { url, sealed } = await google.start(app.ctx, { redirectUri });
      setPendingCookie(reply, sealed, Math.floor(SIGN_IN_TTL_MS / 1000));
      return reply.header('cache-control', 'no-store').redirect(url);
    } catch (err) {
      request.log.warn({ err }, 'google sign-in could not start');
      return reply.redirect(loginWithError(messages.socialFailed));
    }
  });

  route(app, endpoints.socialCallback, {}, async (request, reply) => {
    // The pending sign-in is single use whatever happens next.
    setPendingCookie(reply, '', 0);
    reply.header('cache-control', 'no-store');
    if (!google.configured) return reply.redirect(loginWithError(messages.socialNotConfigured));
    const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    try {
      const { token } = await google.finish(app.ctx, {
        // The URL the provider redirected to: same origin and path as redirect_uri.
        callbackUrl: new URL(`${redirectUri}${search}`),
        sealed: readCookie(request, COOKIE),
      });
      return reply.redirect(`/social-login/${token}`);
    } catch (err) {
      const known = err instanceof AppError;
      request.log[known ? 'info' : 'warn']({ err }, 'google sign-in failed');
      return reply.redirect(loginWithError(known ? err.message : messages.socialFailed));
    }
  });
};
