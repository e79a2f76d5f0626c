import type { z } from 'zod';
import {
  messages,
  parsePhone,
  phoneCountry,
  PROFILE_PIC_MAX_BYTES,
  type editUserFieldsSchema,
  type OnboardingStep,
  type updateInfoSchema,
} from '@copydesk/shared';
import type { Database } from '../../db/client.js';
import type { NewUserRow, UserRow } from '../../db/schema/index.js';
import { can } from '../../lib/access.js';
import type { AppContext } from '../../lib/app-context.js';
import { AppError } from '../../lib/app-error.js';
import { findCountry, findState } from '../geo/geo.service.js';
import { loadUserDto } from './user-dto.js';
import { usersRepository } from './users.repository.js';

/** Profile rules: Contact Information, editing a user, the profile picture. No HTTP here. */

type UpdateInfo = z.output<typeof updateInfoSchema>;
type EditUser = z.output<typeof editUserFieldsSchema>;

/** Trimmed text; an empty value clears the field; an absent one leaves it alone. */
function textValue(value: string | number | null | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  const text = String(value).trim();
  return text === '' ? null : text;
}

/**
 * A phone number in E.164 (`+14155550123`) by the rule the phone field shows (`parsePhone`,
 * packages/shared/src/phone.ts). A national number is read in the country of `countryHint` (the
 * phone input's country).
 */
function normalisePhone(raw: string, countryHint: string | null | undefined, path: string) {
  const parsed = parsePhone(raw, countryHint);
  if (!parsed) throw AppError.field('user.phone_invalid', path);
  return parsed;
}

async function userResponse(db: Database, id: number, message: string) {
  return { message, user: await loadUserDto(db, id) };
}

/** Country and state ids must come from the lookup lists, and the state from that country. */
async function checkRegion(countryId: string | null | undefined, stateId: string | null | undefined) {
  const country = countryId ? await findCountry(countryId) : null;
  if (countryId && !country) throw AppError.field('user.country_unknown', 'country_id');
  if (!stateId) return { countryId: country?.id ?? countryId, stateId };
  const state = await findState(stateId);
  if (!state || (country && state.countryId !== country.id)) throw AppError.field('user.state_unknown', 'state_id');
  return { countryId: country?.id ?? countryId, stateId: state.id };
}

/** POST /update/updateInfo: the caller's own Contact Information (admins and agencies). */
export async function updateContactInfo(ctx: AppContext, actor: UserRow, input: UpdateInfo) {
  const phone = normalisePhone(input.phoneNumber!.trim(), input.countryCode, 'phoneNumber');
  const region = await checkRegion(textValue(input.country_id), textValue(input.state_id));
  const values: Partial<NewUserRow> = {
    name: input.name.trim(),
    phoneNumber: phone.number,
    countryCode: phone.country ?? phoneCountry(input.countryCode) ?? null,
    companyName: textValue(input.company_name),
    roleDesignation: textValue(input.role_designation),
    address: textValue(input.address),
    city: textValue(input.city),
    state: textValue(input.state),
    stateId: region.stateId,
    country: textValue(input.country),
    countryId: region.countryId,
    zipCode: textValue(input.zipCode),
  };
  const updated = await usersRepository.update(ctx.db, actor.id, values);
  if (!updated) throw new AppError('request.not_found');
  return userResponse(ctx.db, updated.id, messages.profileUpdated);
}

const ONBOARDING_COLUMNS = { welcome_guide_closed: 'welcomeGuideClosedAt', offer_banner_dismissed: 'offerBannerDismissedAt' } as const;

/**
 * POST /update/onboarding: the caller's own onboarding step done (docs/decisions/0041-onboarding-once.md).
 * The call names no user, so nobody can set another's; the answer is the caller as it now is.
 */
export async function finishOnboardingStep(ctx: AppContext, actor: UserRow, step: OnboardingStep) {
  await usersRepository.finishOnboardingStep(ctx.db, actor.id, ONBOARDING_COLUMNS[step]);
  return { user: await loadUserDto(ctx.db, actor.id) };
}

/**
 * Who may edit whom: an admin anyone; an agency itself and its own associates; an associate only
 * itself. Anyone else's account answers 404, as if it did not exist.
 */
function mayEdit(actor: UserRow, target: UserRow): boolean {
  if (can(actor, 'tenants.all') || actor.id === target.id) return true;
  return can(actor, 'users.manage') && target.role === 'associate' && target.agencyId === actor.id;
}

/** POST /update/updateUserInfo: edit a user's name and contact fields. */
export async function editUser(ctx: AppContext, actor: UserRow, input: EditUser) {
  const targetId = input.userId ?? input.user_id ?? actor.id;
  const target = targetId === actor.id ? actor : await usersRepository.findById(ctx.db, targetId);
  if (!target || !mayEdit(actor, target)) throw new AppError('request.not_found');

  const values: Partial<NewUserRow> = {
    name: input.name.trim(),
    companyName: textValue(input.company_name),
    roleDesignation: textValue(input.role_designation),
    address: textValue(input.address),
    city: textValue(input.city),
    state: textValue(input.state),
    country: textValue(input.country),
    zipCode: textValue(input.zipCode),
  };
  const phone = textValue(input.phoneNumber);
  if (phone) {
    const parsed = normalisePhone(phone, target.countryCode, 'sign.phoneNumber');
    values.phoneNumber = parsed.number;
    values.countryCode = parsed.country ?? target.countryCode;
  } else if (phone === null) {
    values.phoneNumber = null;
  }
  for (const key of Object.keys(values) as (keyof typeof values)[]) if (values[key] === undefined) delete values[key];

  await usersRepository.update(ctx.db, target.id, values);
  return userResponse(ctx.db, target.id, messages.success);
}

/** Profile pictures are judged by their bytes, never by the name or type the browser sent. */
const PICTURE_EXT: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };
const PICTURE_MIME: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };
const PICTURE_FOLDER = 'profile';
/** The file part of a stored key: random base64url and one of our extensions. */
const PICTURE_FILE = /^[A-Za-z0-9_-]{16,64}\.(png|jpg|webp)$/;

/** POST /updateProfilePic: stores the new picture and deletes the one it replaces. */
export async function replaceProfilePicture(ctx: AppContext, actor: UserRow, data: Buffer) {
  if (data.length === 0) throw AppError.field('user.photo_missing', 'file');
  if (data.length > PROFILE_PIC_MAX_BYTES) throw AppError.field('user.photo_too_large', 'file');
  // Loaded with the first upload rather than at start-up.
  const { fileTypeFromBuffer } = await import('file-type');
  const type = await fileTypeFromBuffer(data);
  const ext = type ? PICTURE_EXT[type.mime] : undefined;
  if (!ext) throw AppError.field('user.photo_type_invalid', 'file');
  // At most 4096 × 4096, decoded and re-encoded: what is stored carries no EXIF or GPS data.
  const { cleanPicture } = await import('../../lib/images.js');
  const clean = await cleanPicture(data, ext as 'png' | 'jpg' | 'webp');

  const key = await ctx.storage.put(PICTURE_FOLDER, ext, clean);
  let swapped: { previous: string | null } | null;
  try {
    swapped = await usersRepository.swapProfileImage(ctx.db, actor.id, key);
  } catch (err) {
    await ctx.storage.remove(key);
    throw err;
  }
  if (!swapped) {
    await ctx.storage.remove(key);
    throw new AppError('request.not_found');
  }
  if (swapped.previous && swapped.previous !== key) await ctx.storage.remove(swapped.previous);
  return userResponse(ctx.db, actor.id, messages.photoUpdated);
}

/** GET /profile-pictures/:file: the bytes and their type, or 404 for unknown or malformed names. */
export async function readProfilePicture(ctx: AppContext, file: string) {
  const match = PICTURE_FILE.exec(file);
  const data = match ? await ctx.storage.read(`${PICTURE_FOLDER}/${file}`) : null;
  if (!match || !data) throw new AppError('request.not_found');
  return { data, contentType: PICTURE_MIME[match[1]!]! };
}
