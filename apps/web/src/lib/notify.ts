import { createElement, type ReactNode } from 'react';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconInfoCircle } from '@tabler/icons-react';

type Kind = 'info' | 'success' | 'error';

const look: Record<Kind, { color: string; icon: typeof IconCheck }> = {
  info: { color: 'blue', icon: IconInfoCircle },
  success: { color: 'green', icon: IconCheck },
  error: { color: 'red', icon: IconAlertTriangle },
};

/**
 * Toasts come in three kinds and show one at a time (the provider sets limit 1, 8 s).
 * A new toast replaces the one on screen instead of queueing behind it, so the message a user
 * sees always answers what they just did.
 */
function show(kind: Kind, message: ReactNode) {
  const { color, icon } = look[kind];
  notifications.clean();
  notifications.cleanQueue();
  notifications.show({
    color,
    message,
    icon: createElement(icon, { size: 18, 'aria-hidden': true }),
    withCloseButton: true,
    closeButtonProps: { 'aria-label': 'Close notification' },
  });
}

/** Several messages (e.g. every server error entry) in one toast, one per line. */
function list(items: string[]): ReactNode {
  if (items.length <= 1) return items[0] ?? '';
  return createElement(
    'span',
    { style: { display: 'flex', flexDirection: 'column', gap: 2 } },
    ...items.map((text, i) => createElement('span', { key: i }, text)),
  );
}

export const notify = {
  info: (message: ReactNode) => show('info', message),
  success: (message: ReactNode) => show('success', message),
  error: (message: ReactNode) => show('error', message),
  errorList: (messages: string[]) => show('error', list(messages)),
};
