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
import { afterOwn, useStandIn, type FloatingParts } from './floating';

type TargetProps = {
  ref?: Ref<HTMLElement>;
  'aria-haspopup'?: 'menu';
  'aria-expanded'?: boolean;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerDown?: (event: PointerEvent<HTMLElement>) => void;
  onPointerCancel?: (event: PointerEvent<HTMLElement>) => void;
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
  const { parts, element: button, hadFocus, swap, gestures } = useStandIn<HTMLElement>();
  const ref = useMergedRef(button, getRefProp(target) as Ref<HTMLElement> | undefined);
  // A click or an arrow on the stand-in: the menu opens as it first draws.
  const [openAsked, setOpenAsked] = useState(false);

  // The menu's button replaces the stand-in's: it takes the focus the stand-in had (an opened menu
  // moves it into its list itself).
  const handedOver = useRef(false);
  useLayoutEffect(() => {
    if (!parts || handedOver.current) return;
    handedOver.current = true;
    if (hadFocus && !openAsked) button.current?.focus({ preventScroll: true });
  }, [parts, hadFocus, openAsked, button]);

  if (!parts) {
    const own = target.props;
    const open = () => {
      setOpenAsked(true);
      swap();
    };
    return cloneElement(target, {
      ref,
      'aria-haspopup': 'menu',
      'aria-expanded': false,
      onPointerEnter: afterOwn(own.onPointerEnter, gestures.onPointerEnter),
      onPointerDown: afterOwn(own.onPointerDown, gestures.onPointerDown),
      onPointerCancel: afterOwn(own.onPointerCancel, gestures.onPointerCancel),
      onFocus: afterOwn(own.onFocus, gestures.onFocus),
      onBlur: afterOwn(own.onBlur, gestures.onBlur),
      onClick: afterOwn(own.onClick, () => {
        gestures.onClick();
        open();
      }),
      onKeyDown: afterOwn(own.onKeyDown, (event: KeyboardEvent<HTMLElement>) => {
        if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
          event.preventDefault();
          open();
        }
      }),
    });
  }

  const M = parts.Menu;
  return (
    <M {...props} defaultOpened={openAsked}>
      <M.Target>{cloneElement(target, { ref })}</M.Target>
      {children(M)}
    </M>
  );
}
