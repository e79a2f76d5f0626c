import { Badge, type BadgeProps } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import { badgeText } from '@/components/ui/badge-text';

/** Status 1 = Active, 0 = Inactive. */
export function CouponStatusBadge({ status, ...props }: { status: number } & BadgeProps) {
  const active = status === 1;
  const color = active ? 'green' : 'gray';
  return (
    <Badge color={color} c={badgeText(color)} variant="light" radius="sm" tt="none" miw="max-content" {...props}>
      {active ? 'Active' : 'Inactive'}
    </Badge>
  );
}
