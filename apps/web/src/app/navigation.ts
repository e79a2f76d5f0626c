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
import type { Role } from '@copydesk/shared';
import type { FrameBadge, FrameNavItem } from '@/components/layouts/app-frame';

const EVERYONE: readonly Role[] = ['admin', 'agency', 'associate'];

type MenuEntry = FrameNavItem & { roles: readonly Role[] };

/**
 * The sidebar menu in the spec's order (§2 "Shared frame": dashboard, orders, user management,
 * billing, my account, coupons), with Fulfilment and Messages added by DESIGN.md §6.7 and §6.13.
 * A screen adds its entry here, one line, with the roles that see it.
 */
const MENU: readonly MenuEntry[] = [
  { label: 'Dashboard', to: '/dashboard', icon: IconLayoutDashboard, roles: EVERYONE },
  { label: 'Orders', to: '/order', icon: IconListDetails, roles: EVERYONE },
  { label: 'Fulfilment', to: '/fulfilment', icon: IconClipboardCheck, roles: ['admin'] },
  { label: 'User Management', to: '/management', icon: IconUsers, roles: ['admin', 'agency'] },
  { label: 'Billing', to: '/billing', icon: IconReceipt, roles: EVERYONE },
  { label: 'My Account', to: '/my-account', icon: IconUserCircle, roles: EVERYONE },
  { label: 'Messages', to: '/message', icon: IconMessages, roles: EVERYONE },
  {
    label: 'Coupons',
    to: '/coupon',
    icon: IconTicket,
    roles: ['admin'],
    children: [
      { label: 'Coupon List', to: '/coupon', also: ['/edit-coupon'] },
      { label: 'Add Coupon', to: '/add-coupon' },
      { label: 'Used History', to: '/coupon-history' },
    ],
  },
];

/** The menu a role sees; `badges` puts a count beside entries, by path (e.g. unread messages on /message). */
export function menuFor(role: Role | null, badges: Readonly<Record<string, FrameBadge | undefined>> = {}): FrameNavItem[] {
  return MENU.filter((entry) => role !== null && entry.roles.includes(role)).map(({ roles: _, ...item }) =>
    badges[item.to] ? { ...item, badge: badges[item.to] } : item,
  );
}
