import { Badge } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import type { WebhookDeliveryStatus } from '@copydesk/shared';
import { badgeText, sentenceCase } from '@/components/ui/badge-text';

const COLOR: Record<WebhookDeliveryStatus, string> = { pending: 'blue', succeeded: 'green', failed: 'red' };

/** A delivery's state in words (Pending, Succeeded, Failed), coloured. */
export function DeliveryStatusBadge({ status }: { status: WebhookDeliveryStatus }) {
  const color = COLOR[status];
  return (
    <Badge color={color} c={badgeText(color)} variant="light" radius="sm" tt="none" miw="max-content">
      {sentenceCase(status)}
    </Badge>
  );
}
