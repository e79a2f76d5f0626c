import {
  IconClipboardCheck,
  IconLayoutDashboard,
  IconListDetails,
  IconMessages,
  IconReceipt,
  IconTicket,
  IconUserCircle,
  IconUsers,
} from '@tabler/icons-react';
import { roleCan, type Capability, type Role } from '@copydesk/shared';
import type { FrameBadge, FrameNavItem } from '@/components/layouts/app-frame';

/** An entry without `requires` is for every signed-in user; otherwise for roles with the capability. */
type MenuEntry = FrameNavItem & { requires?: Capability };

/**
 * The sidebar menu in the original portal's order (dashboard, orders, user management, billing,
 * my account, coupons), with Copydesk's Fulfilment queue and Messages inbox added
 * (docs/decisions/0011-tenancy-and-roles.md, docs/decisions/0024-support-inbox.md).
 * A screen adds its entry here, one line, with the capability of the permission table
 * (packages/shared/src/permissions.ts) that it needs, if any.
 */
const MENU: readonly MenuEntry[] = [
  { label: 'Dashboard', to: '/dashboard', icon: IconLayoutDashboard },
  { label: 'Orders', to: '/order', icon: IconListDetails },
  { label: 'Fulfilment', to: '/fulfilment', icon: IconClipboardCheck, requires: 'fulfilment.work' },
  { label: 'User Management', to: '/management', icon: IconUsers, requires: 'users.manage' },
  { label: 'Billing', to: '/billing', icon: IconReceipt },
  { label: 'My Account', to: '/my-account', icon: IconUserCircle },
  { label: 'Messages', to: '/message', icon: IconMessages },
  {
    label: 'Coupons',
    to: '/coupon',
    icon: IconTicket,
    requires: 'coupons.admin',
    children: [
      { label: 'Coupon List', to: '/coupon', also: ['/edit-coupon'] },
      { label: 'Add Coupon', to: '/add-coupon' },
      { label: 'Used History', to: '/coupon-history' },
    ],
  },
];

/** The menu a role sees; `badges` puts a count beside entries, by path (e.g. unread messages on /message). */
export function menuFor(role: Role | null, badges: Readonly<Record<string, FrameBadge | undefined>> = {}): FrameNavItem[] {
  return MENU.filter((entry) => role !== null && (!entry.requires || roleCan(role, entry.requires))).map(({ requires: _, ...item }) =>
    badges[item.to] ? { ...item, badge: badges[item.to] } : item,
  );
}
