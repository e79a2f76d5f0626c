import { LoadingOverlay } from '@mantine/core';
import '@mantine/core/styles/LoadingOverlay.css';
import { LoadingIndicator } from './loading-indicator';

/** The full-screen loader shown while a visitor screen is busy; its label is announced (loading-indicator.tsx). */
export function FullPageLoader({ visible = true, label = 'Loading' }: { visible?: boolean; label?: string }) {
  return (
    <LoadingOverlay
      visible={visible}
      pos="fixed"
      zIndex={1000}
      overlayProps={{ blur: 1, backgroundOpacity: 0.35 }}
      loaderProps={{ children: <LoadingIndicator label={label} /> }}
    />
  );
}
