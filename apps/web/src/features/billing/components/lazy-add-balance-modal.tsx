import { lazyModal } from '@/components/ui/lazy-modal';
import type { AddBalanceModalProps } from './add-balance-modal';

/** The agency's Add Balance dialog, loaded when first opened: its card fields, checks and saved-card picker. */
export const LazyAddBalanceModal = lazyModal<AddBalanceModalProps>(() => import('./add-balance-modal').then((module) => module.AddBalanceModal));

/** The admin's Add Balance dialog (an agency, an amount, a note), loaded when first opened. */
export const LazyAdminAddBalanceModal = lazyModal<{ opened: boolean; onClose: () => void }>(() =>
  import('./admin-add-balance-modal').then((module) => module.AdminAddBalanceModal),
);
