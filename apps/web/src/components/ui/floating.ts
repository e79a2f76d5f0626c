import { useRef, useState } from 'react';
import { retryOnce } from '@/lib/lazy-retry';

/**
 * The floating layer: floating-ui with Mantine's Popover, Combobox (the app's Select), Menu and
 * Tooltip, about 30 KB compressed. Every screen draws their targets (a select's field, the account
 * menu's button, an icon with a tooltip) at first paint, but opens what floats only when someone
 * points at, focuses or presses one; so the layer is one chunk that the first such gesture loads,
 * and until then each target is drawn by a stand-in that looks and reads the same
 * (select.tsx, menu.tsx, tooltip.tsx; docs/decisions/0046-floating-layer-on-demand.md).
 */
export type FloatingParts = typeof import('./floating-parts');

let parts: FloatingParts | undefined;
let loading: Promise<FloatingParts> | undefined;

/** Loads the layer once (one retry, as for a screen's chunk); a failed load is tried again next time. */
export function loadFloatingParts(): Promise<FloatingParts> {
  loading ??= retryOnce(() => import('./floating-parts')).then(
    (loaded) => (parts = loaded),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The layer if it has loaded (the stand-ins draw the targets until then). */
export function loadedFloatingParts(): FloatingParts | undefined {
  return parts;
}

/**
 * The layer for one component: what had loaded when it first drew; `prefetch`, for a pointer that
 * comes near (it loads the code without drawing anything new); and `load`, for a gesture that needs
 * the real thing (focus, a click, a key), after which the component draws it. `beforeSwap` runs
 * once the code is there, just before the component draws it: the moment to note whether the
 * stand-in has the focus, which the component then gives to what replaces it.
 *
 * Nothing is replaced while a pointer presses it: a stand-in swapped between a press and its release
 * would lose the click. The stand-ins load on the click itself, and on a focus no press brought.
 */
export function useFloatingParts(): {
  parts: FloatingParts | undefined;
  prefetch: () => void;
  load: (beforeSwap?: () => void) => void;
} {
  const [own, setOwn] = useState(parts);
  const prefetch = () => {
    // A failed load is asked for again by the next gesture.
    if (!own) loadFloatingParts().catch(() => undefined);
  };
  const load = (beforeSwap?: () => void) => {
    if (own) return;
    loadFloatingParts().then(
      (loaded) => {
        beforeSwap?.();
        setOwn(loaded);
      },
      // Nothing to draw: the stand-in stays, and the next gesture asks again.
      () => undefined,
    );
  };
  return { parts: own, prefetch, load };
}

/**
 * A stand-in's side of the hand-over (select.tsx, menu.tsx): the stand-in element's ref, its gesture
 * handlers (a pointer near or pressing loads the layer; a focus no press brought swaps), `swap` for
 * a gesture that asks for the real component (a click, a key, typing), and, once swapped, whether
 * the stand-in had the focus (`hadFocus`) and whether it is being replaced (`swapping`: a browser
 * that reports the removed element's loss of focus is not the user leaving it).
 */
export function useStandIn<T extends HTMLElement>() {
  const { parts, prefetch, load } = useFloatingParts();
  const element = useRef<T>(null);
  // Between a press and its click the stand-in stays: the click asks for what it wants.
  const pressing = useRef(false);
  const swapping = useRef(false);
  const [hadFocus, setHadFocus] = useState(false);
  const swap = () =>
    load(() => {
      swapping.current = true;
      setHadFocus(element.current !== null && element.current === document.activeElement);
    });
  const gestures = {
    onPointerEnter: prefetch,
    onPointerDown: () => {
      pressing.current = true;
      prefetch();
    },
    onPointerCancel: () => {
      pressing.current = false;
    },
    onFocus: () => {
      if (!pressing.current) swap();
    },
    onBlur: () => {
      pressing.current = false;
    },
    onClick: () => {
      pressing.current = false;
    },
  };
  return { parts, element, hadFocus, swapping, swap, gestures };
}

/**
 * A stand-in's handler run after the element's own, as Mantine's `createEventHandler` does (whose
 * type makes the event optional, which React's handler props do not accept).
 */
export function afterOwn<E>(own: ((event: E) => void) | undefined, handler: (event: E) => void): (event: E) => void {
  return (event) => {
    own?.(event);
    handler(event);
  };
}
