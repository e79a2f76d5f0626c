export const ROLES = ['admin', 'agency', 'associate'] as const;
export type Role = (typeof ROLES)[number];

/** The portal title the header shows per role. */
export const portalTitle: Record<Role, string> = {
  admin: 'Admin Portal',
  agency: 'Agency Portal',
  associate: 'Associate Portal',
};

/** The spec reads the role from the last entry of the user's roles list. */
export function roleOf(user: { roles: { name: string }[] } | null | undefined): Role | null {
  const last = user?.roles.at(-1)?.name;
  return (ROLES as readonly string[]).includes(last ?? '') ? (last as Role) : null;
}
