import { lazy, Suspense, useEffect, useState } from 'react';
import type { AddBalanceModalProps } from './add-balance-modal';

const AddBalanceModal = lazy(() => import('./add-balance-modal').then((module) => ({ default: module.AddBalanceModal })));

/**
 * The agency's Add Balance dialog, loaded when it is first opened: its card fields, checks and
 * saved-card picker are not part of the screens that offer it, and most visits never open it. Once
 * loaded it stays mounted, so closing it keeps Mantine's transition.
 */
export function LazyAddBalanceModal(props: AddBalanceModalProps) {
  const [wanted, setWanted] = useState(props.opened);
  if (props.opened && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <OpenedAfterMount {...props} />
    </Suspense>
  );
}

/**
 * Mantine's modal notes what had focus when `opened` turns true, to give it back on close, but not
 * when it mounts already open: so it mounts closed (once its code has loaded) and opens after.
 */
function OpenedAfterMount(props: AddBalanceModalProps) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return <AddBalanceModal {...props} opened={props.opened && mounted} />;
}
