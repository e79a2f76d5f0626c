import { z } from 'zod';
import { messages, userMessages } from '../messages.js';
import { EMAIL_MAX, PHONE_MAX, TEXT_MAX } from '../constants.js';
import { phoneProblem } from '../phone.js';
import { zipCodeSchema } from '../zip-code.js';
import { contactInfoFieldsSchema, isEmail, updateUserInfoSchema, userSchema } from './auth.js';
import { optionalQueryText, pageMetaSchema, pagedQuerySchema } from './common.js';

/**
 * Profile contracts (My Account and the user-management edit modal). They add the zip code rule
 * (zip-code.ts), the phone rule where the contract names the phone's country (phone.ts) and an id
 * range the database can hold to the account contracts of auth.ts.
 */

const zipCode = zipCodeSchema;
/** Ids are PostgreSQL integers: larger numbers cannot name a user. */
const userIdField = z.coerce.number().int().positive().max(2_147_483_647).optional();

/** POST /update/updateInfo: the caller's Contact Information, fields at the top level. */
export const updateInfoSchema = contactInfoFieldsSchema.safeExtend({ zipCode }).superRefine((info, ctx) => {
  const phone = phoneProblem(info.phoneNumber, info.countryCode);
  if (phone) ctx.addIssue({ code: 'custom', path: ['phoneNumber'], message: phone });
});
export type UpdateInfoInput = z.input<typeof updateInfoSchema>;

/** POST /update/updateUserInfo {sign}: the edited user is sign.userId ?? sign.user_id ?? the caller. */
export const editUserFieldsSchema = updateUserInfoSchema.shape.sign.safeExtend({
  userId: userIdField,
  user_id: userIdField,
  zipCode,
});
export const editUserSchema = z.object({ sign: editUserFieldsSchema });
export type EditUserInput = z.input<typeof editUserFieldsSchema>;

/** Answer of every profile change: a message for the toast and the user as it now is. */
export const profileResponseSchema = z.object({ message: z.string(), user: userSchema });
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

/** The onboarding steps a user finishes once (docs/decisions/0041-onboarding-once.md). */
export const ONBOARDING_STEPS = ['welcome_guide_closed', 'offer_banner_dismissed'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

/** POST /update/onboarding: marks one step of the caller's own onboarding done; there is no user to name. */
export const onboardingStepSchema = z.strictObject(
  { step: z.enum(ONBOARDING_STEPS, { error: userMessages.onboardingStepUnknown }) },
  { error: userMessages.onboardingStepUnknown },
);

/** GET /profile-pictures/:file — the last segment of a user's profileImg URL. */
export const profilePictureParamsSchema = z.object({ file: z.string() });

/* ------------------------------------------------------------------------------------------------
 * User Management: the list, one user, adding a user, changing a status.
 * ---------------------------------------------------------------------------------------------- */

/** `?count=1` / `?showAll=1`: a query flag is on when it is 1 or true. */
const queryFlag = z
  .preprocess((v) => (v === '' || v === undefined ? undefined : v), z.enum(['0', '1', 'true', 'false']).optional())
  .transform((v) => v === '1' || v === 'true');

export const USER_SORT_COLUMNS = ['id', 'name', 'email', 'created_at', 'status'] as const;
export const userListQuerySchema = pagedQuerySchema(USER_SORT_COLUMNS, 5).extend({
  search: optionalQueryText(100).describe('Matches name, email and company'),
  count: queryFlag.describe('1: answer {count} only (the dashboard user box)'),
  showAll: queryFlag.describe('1: answer every user in scope as {data:[{id, name, email}]}, unpaged'),
});
export type UserListQuery = z.input<typeof userListQuerySchema>;

export const userListRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  company_name: z.string().nullable(),
  role_designation: z.string().nullable(),
  roles: z.array(z.object({ name: z.string() })),
  /** 1 active, 0 inactive. */
  status: z.number(),
  /** The agency's name for agencies and associates, "Admin" for admins (docs/decisions/0011-tenancy-and-roles.md). */
  group: z.string().nullable(),
  /** The agency wallet in dollars (an associate's is its agency's); null for admins. */
  balance: z.number().nullable(),
  created_at: z.string(),
});
export type UserListRow = z.infer<typeof userListRowSchema>;
export const userListResponseSchema = z.object({ data: z.array(userListRowSchema), meta: pageMetaSchema });
export const userCountResponseSchema = z.object({ count: z.number() });
export const userOptionSchema = z.object({ id: z.number(), name: z.string(), email: z.string() });
export const userOptionsResponseSchema = z.object({ data: z.array(userOptionSchema) });
export type UserOption = z.infer<typeof userOptionSchema>;
/** GET /user?… answers one of three shapes, picked by the flags. */
export const userListAnyResponseSchema = z.union([userListResponseSchema, userCountResponseSchema, userOptionsResponseSchema]);
export const userDetailResponseSchema = z.object({ data: userListRowSchema });

/**
 * POST /register with a bearer token: an admin adds an agency, an agency adds an associate. No
 * password: the new user chooses one through the set-password email. `userId` is the adding user
 * as the spec's client sends it; the server takes the caller from the token instead.
 */
export const addUserFieldsSchema = z
  .object({
    name: z.string({ error: userMessages.fullNameRequired }).max(TEXT_MAX, messages.fieldTooLong(TEXT_MAX)).default(''),
    email: z.string({ error: messages.emailNotCorrect }).max(EMAIL_MAX, messages.emailNotCorrect).default(''),
    contact_number: z.string().max(PHONE_MAX, messages.phoneInvalid).nullish(),
    role_designation: z.string().max(TEXT_MAX, messages.fieldTooLong(TEXT_MAX)).nullish(),
    company_name: z.string().max(TEXT_MAX, messages.fieldTooLong(TEXT_MAX)).nullish(),
    countryCode: z.string().max(8).nullish(),
    userId: z.union([z.number(), z.string().max(20)]).nullish(),
  })
  .superRefine((sign, ctx) => {
    if (!sign.name.trim()) ctx.addIssue({ code: 'custom', path: ['name'], message: userMessages.fullNameRequired });
    if (!sign.email.trim()) ctx.addIssue({ code: 'custom', path: ['email'], message: userMessages.emailRequired });
    else if (!isEmail(sign.email)) ctx.addIssue({ code: 'custom', path: ['email'], message: messages.emailNotCorrect });
    const phone = phoneProblem(sign.contact_number, sign.countryCode);
    if (phone) ctx.addIssue({ code: 'custom', path: ['contact_number'], message: phone });
  });
export const addUserSchema = z.object({ sign: addUserFieldsSchema });
export type AddUserInput = z.input<typeof addUserFieldsSchema>;

/** POST /user/changeStatus {status, userid}. */
export const changeStatusSchema = z.object({
  status: z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')], { error: userMessages.statusInvalid }).transform((v) => Number(v) as 0 | 1),
  userid: z.coerce.number({ error: messages.invalidData }).int(messages.invalidData).positive(messages.invalidData).max(2_147_483_647, messages.invalidData),
});

/** GET /dashboard/admin-stats: the figures an operator's dashboard shows. */
export const adminStatsResponseSchema = z.object({
  /** Agencies, and how many of them are active. */
  agencies: z.number(),
  active_agencies: z.number(),
  /** Paid items not yet approved. */
  open_items: z.number(),
  /** Open items past their due date. */
  overdue_items: z.number(),
  /** Every agency wallet added up, in dollars. */
  wallet_balance: z.number(),
  /** Paid items nobody has taken yet (status Unassigned). */
  unassigned_items: z.number(),
  /** The first few of them by due date (the dashboard lists them, each opening the fulfilment queue at it). */
  unassigned: z.array(
    z.object({
      id: z.number(),
      order_id: z.number(),
      article_title: z.string().nullable(),
      order_type: z.string(),
      agency: z.object({ id: z.number(), name: z.string() }),
      due_at: z.string().nullable(),
      overdue: z.boolean(),
    }),
  ),
});
export type AdminStats = z.infer<typeof adminStatsResponseSchema>;
