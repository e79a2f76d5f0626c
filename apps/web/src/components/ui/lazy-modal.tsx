import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';

type ModalProps = { opened: boolean };

/**
 * A dialog whose code loads when it is first opened: its fields, checks and libraries are not part
 * of the screen that offers it, and most visits never open it. Once loaded it stays mounted, so
 * closing it keeps Mantine's transition.
 */
export function lazyModal<P extends ModalProps>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Modal = lazy(() => load().then((component) => ({ default: component })));

  // Mantine's modal notes what had focus when `opened` turns true, to give it back on close, but not
  // when it mounts already open: so it mounts closed (once its code has loaded) and opens after.
  function OpenedAfterMount(props: P) {
    const [mounted, setMounted] = useState(false);
    useEffect(() => setMounted(true), []);
    return <Modal {...props} opened={props.opened && mounted} />;
  }

  return function LazyModal(props: P) {
    const [wanted, setWanted] = useState(props.opened);
    if (props.opened && !wanted) setWanted(true);
    if (!wanted) return null;
    return (
      <Suspense fallback={null}>
        <OpenedAfterMount {...props} />
      </Suspense>
    );
  };
}
