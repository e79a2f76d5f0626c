import {
  authResponseSchema,
  changePasswordSchema,
  checkVerifyResponseSchema,
  emailOnlySchema,
  loginSchema,
  passwordTokenSchema,
  registerBodySchema,
  registerResponseSchema,
  signInLinkOwnerBodySchema,
  signInLinkOwnerResponseSchema,
  tokenParamSchema,
  userResponseSchema,
} from '../schemas/auth.js';
import { messageResponseSchema } from '../schemas/common.js';
import { defineEndpoint } from './define.js';
import { routes } from './routes.js';

const tags = ['auth'];

/** Accounts: sign-up, sign-in, passwords, email verification (docs/decisions/0012-no-account-enumeration.md). */
export const authEndpoints = {
  register: defineEndpoint({
    ...routes.register,
    access: 'public',
    // With a token it adds a user: never with an API key (docs/decisions/0043-api-keys-and-mcp.md).
    apiKey: false,
    summary:
      'Without a bearer token: sign up as an agency (sign = the sign-up payload). With one: an admin adds an agency, an agency adds an associate (sign = {name, email, contact_number, role_designation, company_name?, userId}).',
    tags,
    body: registerBodySchema,
    response: { 201: registerResponseSchema },
  }),
  login: defineEndpoint({ ...routes.login, tags, access: 'public', body: loginSchema, response: { 200: authResponseSchema } }),
  // An API key is not a session: it is revoked in Settings → Developers, not signed out.
  logout: defineEndpoint({ ...routes.logout, tags, access: 'signed-in', apiKey: false, response: { 200: messageResponseSchema } }),
  getInfo: defineEndpoint({ ...routes.getInfo, tags, access: 'signed-in', response: { 200: userResponseSchema } }),
  forgotPassword: defineEndpoint({ ...routes.forgotPassword, tags, access: 'public', body: emailOnlySchema, response: { 200: messageResponseSchema } }),
  resetPassword: defineEndpoint({ ...routes.resetPassword, tags, access: 'public', body: passwordTokenSchema, response: { 200: messageResponseSchema } }),
  setPassword: defineEndpoint({ ...routes.setPassword, tags, access: 'public', body: passwordTokenSchema, response: { 200: messageResponseSchema } }),
  changePassword: defineEndpoint({
    ...routes.changePassword,
    access: 'signed-in',
    apiKey: false,
    summary: 'Change the signed-in user’s password. current_password is required when the account has a password; wrong ones count as failed sign-ins.',
    tags,
    body: changePasswordSchema,
    response: { 200: messageResponseSchema },
  }),
  resendVerify: defineEndpoint({ ...routes.resendVerify, tags, access: 'public', body: emailOnlySchema, response: { 200: messageResponseSchema } }),
  checkVerify: defineEndpoint({ ...routes.checkVerify, tags, access: 'public', body: emailOnlySchema, response: { 200: checkVerifyResponseSchema } }),
  /** The link in the verification email: verifies, then redirects to the sign-in page. */
  verifyEmail: defineEndpoint({ ...routes.verifyEmail, tags, access: 'public', params: tokenParamSchema, redirect: true }),
  /** Signs in from an emailed order link. */
  getUserByToken: defineEndpoint({ ...routes.getUserByToken, tags, access: 'public', params: tokenParamSchema, response: { 200: authResponseSchema } }),
  /** Whose emailed sign-in link a signed-in browser opened, without spending it. */
  getSignInLinkOwner: defineEndpoint({
    ...routes.getSignInLinkOwner,
    tags,
    access: 'signed-in',
    apiKey: false,
    summary:
      'Whose emailed sign-in link this is, without spending it: own (the caller’s, with its order) or the owner’s masked email. Only for a signed-in caller; an unknown, used or expired link answers 401 unless it is the caller’s own.',
    body: signInLinkOwnerBodySchema,
    response: { 200: signInLinkOwnerResponseSchema },
  }),
  /** Exchanges the one-time token Google sign-in handed over. */
  getGoogleLogin: defineEndpoint({ ...routes.getGoogleLogin, tags, access: 'public', params: tokenParamSchema, response: { 200: authResponseSchema } }),
};
