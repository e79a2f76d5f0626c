import { type User } from '@copydesk/shared';
import type { DbOrTx } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { usersRepository, type UserWithAgency } from './users.repository.js';

/** URL of a stored profile picture; served by GET /api/profile-pictures/:file. */
export function profilePictureUrl(key: string | null): string | null {
  if (!key) return null;
  return `/api/profile-pictures/${key.split('/').pop()}`;
}

/**
 * Group (docs/decisions/0011-tenancy-and-roles.md): the agency a user belongs to — its own company
 * for an agency, the parent agency for an associate, "Admin" for admins.
 */
export function groupOf(user: UserRow, agencyName: string | null | undefined): string | null {
  if (user.role === 'admin') return 'Admin';
  if (user.role === 'agency') return user.companyName || user.name;
  return agencyName ?? null;
}

/** The user object every account call answers with. Never includes secrets. */
export function toUserDto(user: UserRow | UserWithAgency): User {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    roles: [{ name: user.role }],
    status: user.status,
    login_count: user.loginCount,
    order_count: 'orderCount' in user ? user.orderCount : 0,
    email_verified_at: user.emailVerifiedAt?.toISOString() ?? null,
    profileImg: profilePictureUrl(user.profileImg),
    google_pic: user.googlePic,
    phoneNumber: user.phoneNumber,
    countryCode: user.countryCode,
    company_name: user.companyName,
    role_designation: user.roleDesignation,
    address: user.address,
    city: user.city,
    state: user.state,
    state_id: user.stateId,
    country: user.country,
    country_id: user.countryId,
    zipCode: user.zipCode,
    group: groupOf(user, 'agencyName' in user ? user.agencyName : undefined),
    agency_id: user.agencyId,
    created_at: user.createdAt.toISOString(),
    onboarding: {
      welcome_guide_closed: user.welcomeGuideClosedAt !== null,
      offer_banner_dismissed: user.offerBannerDismissedAt !== null,
    },
  };
}

/** Loads a user with its agency name and order count, as every account call answers. */
export async function loadUserDto(db: DbOrTx, id: number): Promise<User> {
  const user = await usersRepository.findWithAgency(db, id);
  if (!user) throw new AppError('request.not_found');
  return toUserDto(user);
}
