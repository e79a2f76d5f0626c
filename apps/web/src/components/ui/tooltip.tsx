import { cloneElement, useRef, useState, type FocusEvent, type KeyboardEvent, type PointerEvent, type ReactElement, type Ref } from 'react';
import { getRefProp, type TooltipProps as MantineTooltipProps } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import { afterOwn, useFloatingParts } from './floating';

type TargetProps = {
  ref?: Ref<HTMLElement>;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
};

// This component decides when the label shows; Mantine's own listeners stay off.
const NO_EVENTS = { hover: false, focus: false, touch: false };

export type TooltipProps = Omit<MantineTooltipProps, 'children' | 'target' | 'opened' | 'defaultOpened'> & {
  children: ReactElement<TargetProps>;
};

/**
 * Mantine's Tooltip, drawn once the floating layer has loaded (floating.ts). The element it labels is
 * drawn as it is, never wrapped or drawn again (a focused button keeps its focus); this component
 * decides when the label shows, by the `events` Mantine's Tooltip takes (pointer over it by default,
 * focus and touch when asked), and Escape hides it. The first pointer over one loads the layer, and
 * the label shows as soon as it has.
 */
export function Tooltip({ children, events, ...props }: TooltipProps) {
  const { parts, load } = useFloatingParts();
  const target = useRef<HTMLElement>(null);
  const ref = useMergedRef(target, getRefProp(children) as Ref<HTMLElement> | undefined);
  const [pointed, setPointed] = useState(false);
  const [focused, setFocused] = useState(false);
  const on = { hover: true, focus: false, touch: false, ...events };
  const own = children.props;

  const trigger = cloneElement(children, {
    ref,
    onPointerEnter: afterOwn(own.onPointerEnter, (event: PointerEvent<HTMLElement>) => {
      if (event.pointerType === 'touch' ? on.touch : on.hover) {
        setPointed(true);
        load();
      }
    }),
    onPointerLeave: afterOwn(own.onPointerLeave, () => setPointed(false)),
    onFocus: afterOwn(own.onFocus, () => {
      if (on.focus) {
        setFocused(true);
        load();
      }
    }),
    onBlur: afterOwn(own.onBlur, () => setFocused(false)),
    onKeyDown: afterOwn(own.onKeyDown, (event: KeyboardEvent<HTMLElement>) => {
      if (event.key === 'Escape') {
        setPointed(false);
        setFocused(false);
      }
    }),
  });

  return (
    <>
      {trigger}
      {parts && <parts.Tooltip {...props} target={target} opened={pointed || focused} events={NO_EVENTS} />}
    </>
  );
}
