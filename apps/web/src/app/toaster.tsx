import '@mantine/core/styles/Notification.css';
import { Notifications } from '@mantine/notifications';
import '@mantine/notifications/styles.css';
import { TOAST_MS } from '@copydesk/shared';
import classes from './toaster.module.css';

/** Where toasts show: one at a time for 8 s, bottom right (toaster.module.css says why). Loaded lazily (provider.tsx). */
export default function Toaster() {
  return <Notifications limit={1} autoClose={TOAST_MS} position="bottom-right" classNames={{ root: classes.toasts }} />;
}
