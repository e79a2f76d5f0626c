import { socialCallbackQuerySchema } from '../schemas/auth.js';
import { defineEndpoint } from './define.js';
import { routes } from './routes.js';

const tags = ['auth'];

/**
 * Google sign-in: page loads answered with redirects, never JSON (a JSON error would strand the
 * user on a blank page). The web only navigates to them.
 */
export const socialEndpoints = {
  socialRedirect: defineEndpoint({
    ...routes.socialRedirect,
    access: 'public',
    summary: 'Start Google sign-in (302 to the provider, or to /login with a message)',
    tags,
    redirect: true,
  }),
  socialCallback: defineEndpoint({
    ...routes.socialCallback,
    access: 'public',
    summary: 'Google returns here; 302 to /social-login/<token>, or to /login with a message',
    tags,
    query: socialCallbackQuerySchema,
    redirect: true,
  }),
};
