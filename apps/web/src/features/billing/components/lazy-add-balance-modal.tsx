import { lazy, Suspense, useState } from 'react';
import type { AddBalanceModalProps } from './add-balance-modal';

const AddBalanceModal = lazy(() => import('./add-balance-modal').then((module) => ({ default: module.AddBalanceModal })));

/**
 * The agency's Add Balance dialog, loaded when it is first opened: its card fields, checks and
 * saved-card picker are a fifth of the dashboard's JavaScript, and most visits never open it. Once
 * loaded it stays mounted, so closing it keeps Mantine's transition and focus return.
 */
export function LazyAddBalanceModal(props: AddBalanceModalProps) {
  const [wanted, setWanted] = useState(props.opened);
  if (props.opened && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <AddBalanceModal {...props} />
    </Suspense>
  );
}
