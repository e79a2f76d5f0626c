import type { z } from 'zod';
import { centsToDollars, parsePhone, phoneCountry, userMessages, type addUserFieldsSchema, type userListQuerySchema, type UserListRow } from '@copydesk/shared';
import { sqlState } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';
import { can, managesUser, scopes } from '../../lib/access.js';
import type { AppContext } from '../../lib/app-context.js';
import { AppError } from '../../lib/app-error.js';
import { pageMeta } from '../../lib/pagination.js';
import { authRepository } from '../auth/auth.repository.js';
import { issueOneTimeToken, SET_PASSWORD_TTL_MS } from '../auth/auth.service.js';
import { emails } from '../mail/emails.js';
import { outboxRepository } from '../mail/outbox.repository.js';
import { groupOf, toUserDto } from '../users/user-dto.js';
import { usersRepository, type UserListRowData } from '../users/users.repository.js';

/**
 * User Management (docs/decisions/0011-tenancy-and-roles.md): who sees whom, adding agencies and
 * associates, and switching a user on or off. An admin manages every agency and associate; an
 * agency its own associates.
 */

type ListQuery = z.output<typeof userListQuerySchema>;
type AddUser = z.output<typeof addUserFieldsSchema>;

function listRowDto({ user, agencyName, balanceCents }: UserListRowData): UserListRow {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phoneNumber: user.phoneNumber,
    company_name: user.companyName,
    role_designation: user.roleDesignation,
    roles: [{ name: user.role }],
    status: user.status,
    group: groupOf(user, agencyName),
    balance: balanceCents === null ? null : centsToDollars(balanceCents),
    created_at: user.createdAt.toISOString(),
  };
}

/** GET /user: a page of users, or `{count}` with `count`, or every `{id, name, email}` with `showAll`. */
export async function listUsers(ctx: AppContext, actor: UserRow, query: ListQuery) {
  const scope = scopes.users(actor);
  if (query.count) return { count: await usersRepository.count(ctx.db, scope) };
  if (query.showAll) return { data: await usersRepository.options(ctx.db, scope) };
  const page = { page: query.page, limit: query.limit };
  const { rows, total } = await usersRepository.list(ctx.db, scope, { search: query.search, sortColumn: query.sort_column, sortOrder: query.sort_order }, page);
  return { data: rows.map(listRowDto), meta: pageMeta(page, total, rows.length) };
}

/** GET /user/{id}: one row; anyone outside the caller's scope is "not found". */
export async function getUser(ctx: AppContext, actor: UserRow, id: number) {
  const row = await usersRepository.findListRow(ctx.db, scopes.users(actor), id);
  if (!row) throw new AppError('request.not_found');
  return { data: listRowDto(row) };
}

/** Who the set-password email says added you: the agency's company, or the admin by name. */
const inviterName = (user: UserRow) => (user.role === 'agency' ? user.companyName?.trim() || user.name : user.name);

/**
 * POST /register with a bearer token: an admin adds an agency, an agency adds an associate. The
 * new user has no password; the set-password email (single use, 7 days) lets them choose one,
 * and using it verifies the address.
 */
export async function addUser(ctx: AppContext, actor: UserRow, input: AddUser) {
  // An admin adds agencies, an agency its associates; nobody else adds anyone.
  const role = can(actor, 'users.addAgency') ? 'agency' : can(actor, 'users.addAssociate') ? 'associate' : null;
  if (role === null) throw new AppError('auth.forbidden');
  const email = input.email.trim().toLowerCase();
  // The contract checked the number by the phone field's rule (packages/shared/src/phone.ts); stored in E.164.
  const typed = input.contact_number?.trim() || null;
  const phone = typed ? parsePhone(typed, input.countryCode) : null;
  if (typed && !phone) throw AppError.field('user.phone_invalid', 'sign.contact_number');
  if (await usersRepository.findByEmail(ctx.db, email)) throw AppError.field('user.email_taken', 'sign.email');
  try {
    const user = await ctx.db.transaction(async (tx) => {
      const created = await usersRepository.insert(tx, {
        name: input.name.trim(),
        email,
        passwordHash: null,
        role,
        agencyId: role === 'associate' ? actor.id : null,
        companyName: input.company_name?.trim() || (role === 'associate' ? actor.companyName : null),
        roleDesignation: input.role_designation?.trim() || null,
        phoneNumber: phone?.number ?? null,
        countryCode: phone?.country ?? phoneCountry(input.countryCode) ?? null,
      });
      const token = await issueOneTimeToken(tx, created.id, 'set_password', SET_PASSWORD_TTL_MS);
      const url = `${ctx.config.publicUrl}/setpassword/${token}?email=${encodeURIComponent(created.email)}`;
      await outboxRepository.enqueue(tx, emails.setPassword(created.email, created.name, inviterName(actor), url));
      return created;
    });
    return { message: role === 'agency' ? userMessages.agencyAdded : userMessages.associateAdded, user: toUserDto(user) };
  } catch (err) {
    if (sqlState(err) === '23505') throw AppError.field('user.email_taken', 'sign.email');
    throw err;
  }
}

/**
 * POST /user/changeStatus. Admins switch any agency or associate, agencies their own associates;
 * nobody switches themselves or an admin. Deactivating ends the user's sessions at once; an
 * agency's associates are refused on every call while the agency is inactive (plugins/auth.ts).
 */
export async function changeStatus(ctx: AppContext, actor: UserRow, { userId, status }: { userId: number; status: 0 | 1 }) {
  if (actor.id === userId) throw new AppError('user.status_of_self');
  const target = await usersRepository.findById(ctx.db, userId);
  if (!target || !managesUser(actor, target)) throw new AppError('request.not_found');
  if (target.role === 'admin') throw new AppError('user.admin_status_locked');
  await ctx.db.transaction(async (tx) => {
    await usersRepository.setStatus(tx, target.id, status);
    if (status === 0) await authRepository.deleteAccessTokensOfUser(tx, target.id);
  });
  return { message: status === 1 ? userMessages.activated : userMessages.deactivated };
}
