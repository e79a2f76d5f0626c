import { IconClipboardCheck, IconLayoutDashboard, IconListDetails, IconReceipt, IconUserCircle } from '@tabler/icons-react';
import type { Role } from '@copydesk/shared';
import type { FrameNavItem } from '@/components/layouts/app-frame';

const EVERYONE: readonly Role[] = ['admin', 'agency', 'associate'];

type MenuEntry = FrameNavItem & { roles: readonly Role[] };

/**
 * The sidebar menu in the spec's order (dashboard, orders, user management, billing, my account,
 * coupons). A screen adds its entry here, one line, with the roles that see it.
 */
const MENU: readonly MenuEntry[] = [
  { label: 'Dashboard', to: '/dashboard', icon: IconLayoutDashboard, roles: EVERYONE },
  { label: 'Orders', to: '/order', icon: IconListDetails, roles: EVERYONE },
  { label: 'Fulfilment', to: '/fulfilment', icon: IconClipboardCheck, roles: ['admin'] },
  { label: 'Billing', to: '/billing', icon: IconReceipt, roles: EVERYONE },
  { label: 'My Account', to: '/my-account', icon: IconUserCircle, roles: EVERYONE },
];

export function menuFor(role: Role | null): FrameNavItem[] {
  return MENU.filter((entry) => role !== null && entry.roles.includes(role)).map(({ roles: _, ...item }) => item);
}
