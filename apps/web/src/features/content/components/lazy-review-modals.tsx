import type { ComponentProps } from 'react';
import { lazyModal } from '@/components/ui/lazy-modal';
import type { ApproveModal } from './approve-modal';
import type { RevisionModal } from './revision-modal';

/**
 * The content view's two dialogs load when first opened: the revision request's form (its field
 * checks, the select of the writer, the unsaved-text question) and the approval's confirmation are
 * not drawn at first paint, and most visits open neither (docs/decisions/0045-first-load-budgets.md).
 */
export const LazyApproveModal = lazyModal<ComponentProps<typeof ApproveModal>>(() => import('./approve-modal').then((module) => module.ApproveModal));
export const LazyRevisionModal = lazyModal<ComponentProps<typeof RevisionModal>>(() => import('./revision-modal').then((module) => module.RevisionModal));
