import type { ComponentProps } from 'react';
import { lazyModal } from '@/components/ui/lazy-modal';
import type { ConfirmDeleteModal } from './confirm-delete-modal';

/** The order list's delete confirmation, loaded when first opened: not drawn at first paint (docs/decisions/0045-first-load-budgets.md). */
export const LazyConfirmDeleteModal = lazyModal<ComponentProps<typeof ConfirmDeleteModal>>(() =>
  import('./confirm-delete-modal').then((module) => module.ConfirmDeleteModal),
);
