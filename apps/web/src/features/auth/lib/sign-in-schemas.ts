// The sign-in screen's contracts, in a chunk of their own (with Zod): see load-sign-in-schemas.ts.
export { emailOnlySchema, loginSchema } from '@copydesk/shared';
