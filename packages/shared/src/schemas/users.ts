import { z } from 'zod';
import { messages } from '../messages.js';
import { ZIP_MAX } from '../constants.js';
import { contactInfoFieldsSchema, updateUserInfoSchema, userSchema } from './auth.js';

/**
 * Profile contracts (My Account and the user-management edit modal). They add the spec's zip
 * limit (access-and-billing §9: zip 5) and an id range the database can hold to the account
 * contracts of auth.ts.
 */

const zipCode = z.string().trim().max(ZIP_MAX, messages.fieldTooLong(ZIP_MAX)).nullish();
/** Ids are PostgreSQL integers: larger numbers cannot name a user. */
const userIdField = z.coerce.number().int().positive().max(2_147_483_647).optional();

/** POST /update/updateInfo: the caller's Contact Information, fields at the top level. */
export const updateInfoSchema = contactInfoFieldsSchema.safeExtend({ zipCode });
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

/** GET /profile-pictures/:file — the last segment of a user's profileImg URL. */
export const profilePictureParamsSchema = z.object({ file: z.string() });
