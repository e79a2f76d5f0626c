import { useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { ComboboxHiddenInput, getOptionsLockup, getParsedComboboxData, InputBase, type ComboboxItem } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { useFloatingParts } from './floating';
import { selectSection, inputProps, type SelectHandoff, type SelectProps } from './select-common';

export type { SelectProps } from './select-common';

/**
 * The app's select (its keyboard and list: select-field.tsx). Until the floating layer has loaded
 * (floating.ts), a stand-in draws the same field: the same input, label, value, chevron and clear
 * button, with the same ids and names, read by assistive technology as a closed combobox. A pointer
 * near it loads the layer; focusing it, clicking it, a key or typing draws the field in its place,
 * which takes its focus, the list the click or key opened, and what was typed.
 */
export function Select(props: SelectProps) {
  const { parts, prefetch, load } = useFloatingParts();
  // Drawn after the layer had loaded, the field has no stand-in to take anything from.
  const drewStandIn = useRef(parts === undefined).current;
  const inputId = useId(props.id);
  const [handoff, setHandoff] = useState<SelectHandoff>({ focus: false, open: null, typed: null });
  const standIn = useRef<HTMLInputElement>(null);
  // Set as the field is about to replace the stand-in: a browser that reports the removed input's
  // loss of focus must not make a form check a field the user has not left.
  const swapping = useRef(false);
  const noteFocus = () => {
    swapping.current = true;
    const focused = standIn.current !== null && standIn.current === document.activeElement;
    setHandoff((current) => (current.focus === focused ? current : { ...current, focus: focused }));
  };

  if (parts) return <parts.SelectField {...props} inputId={inputId} handoff={drewStandIn ? handoff : undefined} />;
  return (
    <SelectStandIn
      {...props}
      inputRef={standIn}
      swapping={swapping}
      inputId={inputId}
      typed={handoff.typed}
      onNear={prefetch}
      onFocusAlone={() => load(noteFocus)}
      onOpen={(open) => {
        setHandoff((current) => ({ ...current, open }));
        load(noteFocus);
      }}
      onType={(typed) => {
        setHandoff((current) => ({ ...current, typed }));
        load(noteFocus);
      }}
    />
  );
}

type SelectStandInProps = SelectProps & {
  inputRef: RefObject<HTMLInputElement | null>;
  swapping: RefObject<boolean>;
  inputId: string;
  typed: string | null;
  /** A pointer came near: the layer may load, nothing changes yet. */
  onNear: () => void;
  /** Focus no pointer press brought (the keyboard, a script): the field replaces the stand-in. */
  onFocusAlone: () => void;
  onOpen: (source: 'keyboard' | 'mouse') => void;
  onType: (typed: string) => void;
};

function SelectStandIn(props: SelectStandInProps) {
  const { inputRef, swapping, inputId, typed, onNear, onFocusAlone, onOpen, onType, ...selectProps } = props;
  const { data, value, defaultValue, onChange, searchable = false, clearable = false, readOnly, disabled, error, size, name, form } = selectProps;
  const { onFocus, onBlur, onClick, onKeyDown, rightSection, rightSectionWidth, rightSectionProps, rightSectionPointerEvents } = selectProps;
  const others = inputProps(selectProps);
  const lockup = useMemo(() => getOptionsLockup(getParsedComboboxData(data)) as Record<string, ComboboxItem>, [data]);
  // Between a press and its click the stand-in stays (floating.ts): the click asks for the list.
  const pressing = useRef(false);
  const current = value !== undefined ? value : (defaultValue ?? null);
  const locked = readOnly || disabled;
  const section = selectSection({
    size,
    error,
    clearable,
    hasValue: current !== null,
    locked,
    rightSection,
    rightSectionProps,
    // As the field's own does (for a select whose value its screen holds, as every clearable one does).
    onClear: () => onChange?.(null, null as unknown as ComboboxItem),
  });

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event);
    const { code } = event.nativeEvent;
    if (event.defaultPrevented || locked || event.altKey || event.ctrlKey || event.metaKey) return;
    if (code === 'ArrowDown' || code === 'ArrowUp' || code === 'Enter' || code === 'NumpadEnter' || (code === 'Space' && !searchable)) {
      event.preventDefault();
      onOpen('keyboard');
    }
  };

  return (
    <>
      <InputBase
        {...others}
        ref={inputRef}
        id={inputId}
        size={size}
        disabled={disabled}
        readOnly={readOnly || !searchable}
        error={error}
        pointer={!searchable}
        value={typed ?? (current === null ? '' : (lockup[current]?.label ?? ''))}
        role="combobox"
        aria-haspopup="listbox"
        aria-expanded={false}
        autoComplete="off"
        rightSection={section.rightSection}
        rightSectionWidth={rightSectionWidth}
        rightSectionProps={section.rightSectionProps}
        rightSectionPointerEvents={rightSectionPointerEvents ?? 'none'}
        onPointerEnter={onNear}
        onPointerDown={() => {
          pressing.current = true;
          onNear();
        }}
        onPointerCancel={() => {
          pressing.current = false;
        }}
        onFocus={(event) => {
          if (!pressing.current) onFocusAlone();
          onFocus?.(event);
        }}
        onBlur={(event) => {
          pressing.current = false;
          if (!swapping.current) onBlur?.(event);
        }}
        onClick={(event) => {
          pressing.current = false;
          if (locked) onFocusAlone();
          else onOpen('mouse');
          onClick?.(event);
        }}
        onChange={(event) => onType(event.currentTarget.value)}
        onKeyDown={handleKeyDown}
      />
      <ComboboxHiddenInput value={current} name={name} form={form} disabled={disabled} />
    </>
  );
}
