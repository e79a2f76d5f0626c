import { Badge } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import { badgeText } from '@/components/ui/badge-text';

/** 1 = Active, anything else = Inactive (status 0 is deactivated). */
export function UserStatusBadge({ status }: { status: number }) {
  const active = status === 1;
  const color = active ? 'green' : 'red';
  return (
    <Badge variant="light" color={color} c={badgeText(color)} radius="sm" tt="none" style={{ flex: 'none' }}>
      {active ? 'Active' : 'Inactive'}
    </Badge>
  );
}
