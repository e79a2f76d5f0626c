import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { addUserFieldsSchema, endpoints, signUpFieldsSchema, type registerResponseSchema } from '@copydesk/shared';
import type { UserRow } from '../../db/schema/index.js';
import type { AppContext } from '../../lib/app-context.js';
import { AppError } from '../../lib/app-error.js';
import { route } from '../../lib/route.js';
import { parseOrThrow } from '../../lib/validate.js';
import { bearerToken, currentUser, linkSessionOrderOf, requireAuth } from '../../lib/access.js';
import * as auth from './auth.service.js';
import { signupCookie, signupKeyFromCookie } from './signup-key.js';

/** Per-route request limits for the calls that send email or create accounts. */
function limit(max: number, minutes: number, byEmail = false) {
  return {
    rateLimit: {
      max,
      timeWindow: minutes * 60_000,
      // preHandler so the body is parsed and the email can be part of the key.
      hook: 'preHandler' as const,
      keyGenerator: (request: FastifyRequest) => {
        const email = byEmail ? String((request.body as { email?: unknown } | undefined)?.email ?? '').toLowerCase() : '';
        return `${request.routeOptions.url}:${request.ip}:${email}`;
      },
      errorResponseBuilder: () => new AppError('rate_limit.exceeded'),
    },
  };
}

type SignUpFields = z.output<typeof signUpFieldsSchema>;
type AddUserFields = z.output<typeof addUserFieldsSchema>;

/**
 * What the routes need from above: adding a user (User Management, a module above this one) is
 * the signed-in form of POST /register, so the app hands that service in.
 */
export interface AuthRoutesOptions {
  addUser: (ctx: AppContext, actor: UserRow, input: AddUserFields) => Promise<z.input<typeof registerResponseSchema>>;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const { ctx } = app;
  const secure = app.config.publicUrl.startsWith('https:');

  // One path, two calls (docs/decisions/0011-tenancy-and-roles.md): without a token a visitor signs
  // up as an agency; with one, an admin adds an agency or an agency adds an associate (no password:
  // they get a set-password email). The payload schema therefore depends on the caller. It is
  // applied in preValidation, before the rate limit counts the request, as a route schema would be.
  const signedInRegister = requireAuth('users.manage');
  const parsed = new WeakMap<FastifyRequest, { signUp: SignUpFields } | { addUser: AddUserFields }>();
  route(
    app,
    endpoints.register,
    {
      preValidation: async function checkRegister(request, reply) {
        const body = request.body as { sign?: unknown } | undefined;
        if (request.headers.authorization === undefined) {
          parsed.set(request, { signUp: parseOrThrow(signUpFieldsSchema, body?.sign, 'sign') });
          return;
        }
        await signedInRegister.call(this, request, reply);
        parsed.set(request, { addUser: parseOrThrow(addUserFieldsSchema, body?.sign, 'sign') });
      },
      config: {
        rateLimit: {
          ...limit(20, 60).rateLimit,
          // Staff adding their team are signed in and may add many; visitors get the sign-up limit.
          max: (request: FastifyRequest) => (bearerToken(request) ? 300 : 20),
        },
      },
    },
    async (request, reply) => {
      const input = parsed.get(request)!;
      if ('addUser' in input) return reply.status(201).send(await options.addUser(ctx, currentUser(request), input.addUser));
      const { signupKey, ...result } = await auth.register(ctx, input.signUp);
      reply.header('set-cookie', signupCookie(signupKey, secure));
      return reply.status(201).send(result);
    },
  );

  route(app, endpoints.login, {}, async (request, reply) => {
    try {
      return await auth.login(ctx, { credentials: request.body, ip: request.ip });
    } catch (err) {
      // The password was right (that refusal comes only after it): this browser may follow the verification too.
      if (err instanceof AppError && err.code === 'auth.email_unverified') {
        const key = await auth.signupKeyForProvenLogin(ctx, request.body.email);
        if (key) reply.header('set-cookie', signupCookie(key, secure));
      }
      throw err;
    }
  });

  route(app, endpoints.logout, {}, async (request) => auth.logout(ctx, currentUser(request), request.accessTokenId!));

  route(app, endpoints.getInfo, {}, async (request) => auth.getInfo(ctx, currentUser(request)));

  route(app, endpoints.forgotPassword, { config: limit(5, 15, true) }, async (request) => auth.forgotPassword(ctx, request.body.email));

  route(app, endpoints.resetPassword, { config: limit(20, 15) }, async (request) =>
    auth.completePasswordLink(ctx, { form: request.body, purpose: 'reset_password', ip: request.ip }),
  );

  route(app, endpoints.setPassword, { config: limit(20, 15) }, async (request) =>
    auth.completePasswordLink(ctx, { form: request.body, purpose: 'set_password', ip: request.ip }),
  );

  route(app, endpoints.changePassword, {}, async (request) =>
    auth.changePassword(ctx, currentUser(request), { tokenId: request.accessTokenId, ip: request.ip, form: request.body }),
  );

  route(app, endpoints.resendVerify, { config: limit(5, 15, true) }, async (request) => auth.resendVerification(ctx, request.body.email));

  route(app, endpoints.checkVerify, { config: limit(60, 15) }, async (request) =>
    auth.checkVerification(ctx, {
      email: request.body.email,
      signupKey: signupKeyFromCookie(request.headers.cookie),
      bearer: bearerToken(request),
    }),
  );

  // The link in the verification email: verifies, then sends the browser to the sign-in page.
  route(app, endpoints.verifyEmail, { config: limit(30, 15) }, async (request, reply) => {
    const result = await auth.verifyEmailLink(ctx, request.params.token);
    return reply.redirect(result.ok ? '/login?verified=1' : `/login?error=${encodeURIComponent(result.message)}`);
  });

  route(app, endpoints.getUserByToken, { config: limit(30, 15) }, async (request) =>
    auth.exchangeOneTimeLogin(ctx, { token: request.params.token, purpose: 'login_link' }),
  );

  route(app, endpoints.getSignInLinkOwner, { config: limit(30, 15) }, async (request) =>
    auth.getSignInLinkOwner(ctx, currentUser(request), { token: request.body.token, sessionOrderId: linkSessionOrderOf(request) }),
  );

  route(app, endpoints.getGoogleLogin, { config: limit(30, 15) }, async (request) =>
    auth.exchangeOneTimeLogin(ctx, { token: request.params.token, purpose: 'social_login' }),
  );
};
