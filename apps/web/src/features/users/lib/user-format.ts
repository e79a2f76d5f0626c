import { roleOf, type UserListRow } from '@copydesk/shared';

/** The row's role (the last of its roles, as everywhere) as a word: Admin, Agency, Associate. */
export function roleLabel(row: Pick<UserListRow, 'roles'>): string {
  const role = roleOf(row) ?? row.roles.at(-1)?.name ?? '';
  return role ? role.charAt(0).toUpperCase() + role.slice(1) : '—';
}

export const joinedText = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : date.toLocaleDateString(undefined, { dateStyle: 'medium' });
};

/**
 * Whether the caller may switch this user on or off: never itself, never an admin (the server
 * also limits an agency to its own associates, which are the only other rows it sees).
 */
export const canChangeStatus = (row: Pick<UserListRow, 'id' | 'roles'>, callerId: number) => row.id !== callerId && roleOf(row) !== 'admin';
