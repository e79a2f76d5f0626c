import {
  cloneElement,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
} from 'react';
import { getRefProp, type MenuProps as MantineMenuProps } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import { useFloatingParts, type FloatingParts } from './floating';

type TargetProps = {
  ref?: Ref<HTMLElement>;
  'aria-haspopup'?: 'menu';
  'aria-expanded'?: boolean;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerDown?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
};

export type MenuProps = Omit<MantineMenuProps, 'children' | 'opened' | 'defaultOpened'> & {
  /** The button that opens the menu. */
  target: ReactElement<TargetProps>;
  /** The dropdown, drawn with Mantine's Menu (`Menu.Dropdown`, `Menu.Item` …) once the layer has loaded. */
  children: (menu: FloatingParts['Menu']) => ReactNode;
};

/**
 * Mantine's Menu, drawn once the floating layer has loaded (floating.ts). Until then its button is
 * drawn alone, read as a closed menu button. A pointer near it loads the layer; focusing it draws the
 * menu's own button in its place, which keeps the focus; a click (Enter, Space) or an arrow on it
 * opens the menu as soon as the layer is there.
 */
export function Menu({ target, children, ...props }: MenuProps) {
  const { parts, prefetch, load } = useFloatingParts();
  // Between a press and its click the stand-in stays (floating.ts): the click opens the menu.
  const pressing = useRef(false);
  const button = useRef<HTMLElement>(null);
  const ref = useMergedRef(button, getRefProp(target) as Ref<HTMLElement> | undefined);
  const [handoff, setHandoff] = useState({ focus: false, open: false });
  const noteFocus = () => {
    const focused = button.current !== null && button.current === document.activeElement;
    setHandoff((current) => (current.focus === focused ? current : { ...current, focus: focused }));
  };

  // The menu's button replaces the stand-in's: it takes the focus the stand-in had (an opened menu
  // moves it into its list itself).
  const handedOver = useRef(false);
  useLayoutEffect(() => {
    if (!parts || handedOver.current) return;
    handedOver.current = true;
    if (handoff.focus && !handoff.open) button.current?.focus({ preventScroll: true });
  }, [parts, handoff]);

  if (!parts) {
    const own = target.props;
    const open = () => {
      setHandoff((current) => ({ ...current, open: true }));
      load(noteFocus);
    };
    return cloneElement(target, {
      ref,
      'aria-haspopup': 'menu',
      'aria-expanded': false,
      onPointerEnter: (event) => {
        own.onPointerEnter?.(event);
        prefetch();
      },
      onPointerDown: (event) => {
        own.onPointerDown?.(event);
        pressing.current = true;
        prefetch();
      },
      onFocus: (event) => {
        own.onFocus?.(event);
        if (!pressing.current) load(noteFocus);
      },
      onBlur: (event) => {
        own.onBlur?.(event);
        pressing.current = false;
      },
      onClick: (event) => {
        own.onClick?.(event);
        pressing.current = false;
        open();
      },
      onKeyDown: (event) => {
        own.onKeyDown?.(event);
        if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
          event.preventDefault();
          open();
        }
      },
    });
  }

  const M = parts.Menu;
  return (
    <M {...props} defaultOpened={handoff.open}>
      <M.Target>{cloneElement(target, { ref })}</M.Target>
      {children(M)}
    </M>
  );
}
