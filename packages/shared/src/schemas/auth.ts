import { z } from 'zod';
import { messages } from '../messages.js';
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN, PHONE_MAX, TEXT_MAX, UTM_KEYS } from '../constants.js';
import { phoneProblem } from '../phone.js';
import { zipCodeSchema } from '../zip-code.js';

/**
 * Account contracts. The same schemas validate forms in the browser and payloads on the server,
 * so the messages a user sees come from one place. Checks run in the order the sign-up form has
 * always checked them; the first issue is what a form shows as its toast.
 */

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
export const isEmail = (value: string) => EMAIL_PATTERN.test(value.trim()) && value.length <= EMAIL_MAX;

const text = (max = TEXT_MAX) => z.string().max(max, messages.fieldTooLong(max));
const optionalText = (max = TEXT_MAX) => text(max).nullish();

export const emailField = z
  .string({ error: messages.fieldRequired })
  .trim()
  .min(1, messages.fieldRequired)
  .max(EMAIL_MAX, messages.emailNotCorrect)
  .refine(isEmail, messages.emailNotCorrect)
  .transform((v) => v.toLowerCase());

export const utmsSchema = z
  .object(Object.fromEntries(UTM_KEYS.map((k) => [k, optionalText()])) as Record<(typeof UTM_KEYS)[number], ReturnType<typeof optionalText>>)
  .partial();

type PasswordPair = { password: string; confirm: string };
/** Steps 2–3 of the spec's sign-up and reset rules: length after trimming, then equality. */
/** Returns false when it reported an issue. */
function checkPasswordPair(ctx: z.RefinementCtx, pair: PasswordPair, confirmKey: string): boolean {
  if (pair.password.trim().length < PASSWORD_MIN) {
    ctx.addIssue({ code: 'custom', path: ['password'], message: messages.passwordTooShort });
    return false;
  }
  if (pair.confirm.trim().length < PASSWORD_MIN) {
    ctx.addIssue({ code: 'custom', path: [confirmKey], message: messages.passwordTooShort });
    return false;
  }
  if (pair.password !== pair.confirm) {
    ctx.addIssue({ code: 'custom', path: [confirmKey], message: messages.passwordsDoNotMatch });
    return false;
  }
  return true;
}

export const signUpFieldsSchema = z
  .object({
    name: text().default(''),
    email: z.string().max(EMAIL_MAX, messages.emailNotCorrect).default(''),
    company_name: optionalText(),
    role_designation: optionalText(),
    contact_number: z.string().max(PHONE_MAX, messages.phoneInvalid).nullish(),
    password: z.string().max(PASSWORD_MAX, messages.fieldTooLong(PASSWORD_MAX)).default(''),
    confirmPassword: z.string().max(PASSWORD_MAX, messages.fieldTooLong(PASSWORD_MAX)).default(''),
    termsandcondition: z.boolean().default(false),
    countryCode: z.string().max(8).nullish(),
    utms: utmsSchema.nullish(),
  })
  .superRefine((sign, ctx) => {
    // Every problem at once, in the original portal's order (the first is the answer's message), so
    // the form can show each under its field. A rule needs its fields present: a missing field says
    // only that it is missing.
    // (1) presence
    const missing: string[] = [];
    if (!sign.password) missing.push('password');
    if (!sign.confirmPassword) missing.push('confirmPassword');
    if (!sign.name.trim()) missing.push('name');
    if (!sign.email.trim()) missing.push('email');
    if (!sign.countryCode) missing.push('countryCode');
    if (!sign.contact_number) missing.push('contact_number');
    for (const key of missing) ctx.addIssue({ code: 'custom', path: [key], message: messages.requiredFields });
    // (2) and (3)
    if (sign.password && sign.confirmPassword) checkPasswordPair(ctx, { password: sign.password, confirm: sign.confirmPassword }, 'confirmPassword');
    // (4)
    if (!sign.termsandcondition) ctx.addIssue({ code: 'custom', path: ['termsandcondition'], message: messages.acceptTerms });
    // (5)
    if (sign.email.trim() && !isEmail(sign.email)) ctx.addIssue({ code: 'custom', path: ['email'], message: messages.emailNotCorrect });
    // (6) the phone field's rule (docs/decisions/0035-phone-numbers-and-postal-codes.md)
    if (sign.contact_number && sign.countryCode) {
      const phone = phoneProblem(sign.contact_number, sign.countryCode);
      if (phone) ctx.addIssue({ code: 'custom', path: ['contact_number'], message: phone });
    }
  });

export const signUpSchema = z.object({ sign: signUpFieldsSchema });
export type SignUpInput = z.input<typeof signUpFieldsSchema>;

export const loginSchema = z.object({
  email: emailField,
  password: z.string({ error: messages.fieldRequired }).min(1, messages.fieldRequired).max(PASSWORD_MAX),
  remember: z.boolean().optional().default(false),
});
export type LoginInput = z.input<typeof loginSchema>;

export const emailOnlySchema = z.object({ email: emailField });

/** POST /password/reset and /password/set. */
export const passwordTokenSchema = z
  .object({
    email: z.string().max(EMAIL_MAX).default(''),
    password: z.string().max(PASSWORD_MAX).default(''),
    password_confirmation: z.string().max(PASSWORD_MAX).default(''),
    token: z.string().max(200).default(''),
  })
  .superRefine((body, ctx) => {
    const missing = (['email', 'password', 'password_confirmation', 'token'] as const).filter((k) => !body[k]);
    if (missing.length) {
      for (const key of missing) ctx.addIssue({ code: 'custom', path: [key], message: messages.requiredFields });
      return;
    }
    if (!checkPasswordPair(ctx, { password: body.password, confirm: body.password_confirmation }, 'password_confirmation')) return;
    if (!isEmail(body.email)) ctx.addIssue({ code: 'custom', path: ['email'], message: messages.emailNotCorrect });
  });
export type PasswordTokenInput = z.input<typeof passwordTokenSchema>;

/**
 * POST /update/password: the signed-in user's new password (My Account, Login Information).
 * `current_password` may be empty here: whether it is required depends on the account (one that
 * has never had a password, e.g. Google sign-in only, has none to give), so the server decides.
 */
export const changePasswordSchema = z
  .object({
    current_password: z.string().max(PASSWORD_MAX).default(''),
    password: z.string().max(PASSWORD_MAX).default(''),
    password_confirmation: z.string().max(PASSWORD_MAX).optional(),
  })
  .superRefine((body, ctx) => {
    if (!body.password) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: messages.requiredFields });
      return;
    }
    if (body.password.trim().length < PASSWORD_MIN) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: messages.passwordTooShort });
      return;
    }
    if (body.password_confirmation !== undefined && body.password_confirmation !== body.password) {
      ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: messages.passwordChangeMismatch });
    }
  });
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** Contact Information (My Account): every field the spec requires for a profile save. */
export const contactInfoFieldsSchema = z
  .object({
    name: text().default(''),
    phoneNumber: z.string().max(PHONE_MAX, messages.phoneInvalid).nullish(),
    countryCode: z.string().max(8).nullish(),
    company_name: text().nullish(),
    role_designation: text().nullish(),
    address: text().nullish(),
    city: text().nullish(),
    state: text().nullish(),
    state_id: z.union([z.string().max(20), z.number()]).nullish(),
    country: text().nullish(),
    country_id: z.union([z.string().max(20), z.number()]).nullish(),
    zipCode: zipCodeSchema,
  })
  .superRefine((info, ctx) => {
    const required = ['phoneNumber', 'state', 'city', 'zipCode', 'country', 'name', 'company_name', 'role_designation'] as const;
    for (const key of required) {
      const value = info[key];
      if (value === null || value === undefined || String(value).trim() === '') {
        ctx.addIssue({ code: 'custom', path: [key], message: messages.requiredFields });
      }
    }
  });
export type ContactInfoInput = z.input<typeof contactInfoFieldsSchema>;

/** POST /update/updateUserInfo {sign:{…, userId, user_id}}: edit a user (self, own associate, or any for admin). */
export const updateUserInfoSchema = z.object({
  sign: z
    .object({
      userId: z.coerce.number().int().positive().optional(),
      user_id: z.coerce.number().int().positive().optional(),
      name: text().default(''),
      phoneNumber: z.string().max(PHONE_MAX, messages.phoneInvalid).nullish(),
      company_name: optionalText(),
      role_designation: optionalText(),
      address: optionalText(),
      city: optionalText(),
      state: optionalText(),
      country: optionalText(),
      zipCode: zipCodeSchema,
    })
    .superRefine((sign, ctx) => {
      if (!sign.name.trim()) ctx.addIssue({ code: 'custom', path: ['name'], message: messages.requiredFields });
    }),
});

/** The user object every account call returns. */
export const userSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  roles: z.array(z.object({ name: z.string() })),
  status: z.number(),
  login_count: z.number(),
  order_count: z.number(),
  email_verified_at: z.string().nullable(),
  profileImg: z.string().nullable(),
  google_pic: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  countryCode: z.string().nullable(),
  company_name: z.string().nullable(),
  role_designation: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  state_id: z.string().nullable(),
  country: z.string().nullable(),
  country_id: z.string().nullable(),
  zipCode: z.string().nullable(),
  group: z.string().nullable(),
  agency_id: z.number().nullable(),
  created_at: z.string(),
  /** Onboarding shown once, kept per user on the server (docs/decisions/0041-onboarding-once.md). */
  onboarding: z.object({
    /** The welcome guide was closed: it never opens again, in any browser. */
    welcome_guide_closed: z.boolean(),
    /** The offer banner was dismissed: it shows on no page again. */
    offer_banner_dismissed: z.boolean(),
  }),
});
export type User = z.infer<typeof userSchema>;

export const authResponseSchema = z.object({ token: z.string(), user: userSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;
export const userResponseSchema = z.object({ user: userSchema });

/**
 * POST /register body: `sign` is checked against the sign-up or the add-user fields depending on
 * the caller (with or without a bearer token), so the route schema only asks for an object.
 */
export const registerBodySchema = z.object({ sign: z.record(z.string(), z.unknown(), { error: messages.invalidData }) });
/** `user` is null for a visitor's sign-up: the answer is the same whether or not the address was free. */
export const registerResponseSchema = z.object({ message: z.string(), user: userSchema.nullable() });

/** POST /email/checkverify: has the emailed link been clicked yet? */
export const checkVerifyResponseSchema = z.object({ verified: z.boolean(), message: z.string() });

/** A one-time token in the path (email links, sign-in hand-overs). */
export const tokenParamSchema = z.object({ token: z.string().max(200) });

/** POST /sign-in-link/owner: an emailed sign-in link's token, sent in the body so it stays out of request logs. */
export const signInLinkOwnerBodySchema = z.object({ token: z.string().min(1).max(200) });
/**
 * Whose sign-in link it is, as the signed-in browser that opened it may know (docs/decisions/0032-sign-in-links-return-paths-remember-me.md):
 * `own` when it is the caller's (the browser goes to the order's payment page and the link stays
 * unspent), else the owner's masked email.
 */
export const signInLinkOwnerResponseSchema = z.object({ own: z.boolean(), order_id: z.number().int(), owner: z.string().nullable() });
export type SignInLinkOwner = z.infer<typeof signInLinkOwnerResponseSchema>;

/** Query values Google may send to the sign-in callback; never a validation error, the callback always redirects. */
const anyText = z.string().optional().catch(undefined);
export const socialCallbackQuerySchema = z
  .object({ code: anyText, state: anyText, error: anyText, error_description: anyText, scope: anyText })
  .describe('What the provider appends to the redirect URI');
