import { inboxScreenMessages as t, type Role } from '@copydesk/shared';

/** "14 Mar 2026, 09:30" in the reader's locale and time zone; today's messages show the time only. */
export function formatWhen(iso: string, now = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const sameDay = date.toDateString() === now.toDateString();
  return sameDay ? date.toLocaleTimeString(undefined, { timeStyle: 'short' }) : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** Who wrote a message, in words: the support team, or the customer's role. */
export const authorRoleLabel = (role: Role): string => (role === 'admin' ? t.roleSupport : role === 'agency' ? t.roleAgency : t.roleAssociate);

/** A number with thousands separators (5,000). */
export const formatCount = (n: number) => n.toLocaleString('en-US');
