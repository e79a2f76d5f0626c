import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { ComboboxHiddenInput, getOptionsLockup, getParsedComboboxData, InputBase, type ComboboxItem } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { useStandIn } from './floating';
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
  const standIn = useStandIn<HTMLInputElement>();
  const { parts, hadFocus, swap } = standIn;
  // Drawn after the layer had loaded, the field has no stand-in to take anything from.
  const drewStandIn = useRef(parts === undefined).current;
  const inputId = useId(props.id);
  // What a click, a key or typing on the stand-in asked for, which the field does as it first draws.
  const [asked, setAsked] = useState<Omit<SelectHandoff, 'focus'>>({ open: null, typed: null });

  if (parts) return <parts.SelectField {...props} inputId={inputId} handoff={drewStandIn ? { ...asked, focus: hadFocus } : undefined} />;
  return (
    <SelectStandIn
      {...props}
      standIn={standIn}
      inputId={inputId}
      typed={asked.typed}
      onOpen={(open) => {
        setAsked((current) => ({ ...current, open }));
        swap();
      }}
      onType={(typed) => {
        setAsked((current) => ({ ...current, typed }));
        swap();
      }}
    />
  );
}

type SelectStandInProps = SelectProps & {
  standIn: ReturnType<typeof useStandIn<HTMLInputElement>>;
  inputId: string;
  typed: string | null;
  onOpen: (source: 'keyboard' | 'mouse') => void;
  onType: (typed: string) => void;
};

function SelectStandIn(props: SelectStandInProps) {
  const { standIn, inputId, typed, onOpen, onType, ...selectProps } = props;
  const { element, swapping, swap, gestures } = standIn;
  const { data, value, defaultValue, onChange, searchable = false, clearable = false, readOnly, disabled, error, size, name, form } = selectProps;
  const { onFocus, onBlur, onClick, onKeyDown, rightSection, rightSectionWidth, rightSectionProps, rightSectionPointerEvents } = selectProps;
  const others = inputProps(selectProps);
  const lockup = useMemo(() => getOptionsLockup(getParsedComboboxData(data)) as Record<string, ComboboxItem>, [data]);
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
        ref={element}
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
        onPointerEnter={gestures.onPointerEnter}
        onPointerDown={gestures.onPointerDown}
        onPointerCancel={gestures.onPointerCancel}
        onFocus={(event) => {
          gestures.onFocus();
          onFocus?.(event);
        }}
        onBlur={(event) => {
          gestures.onBlur();
          if (!swapping.current) onBlur?.(event);
        }}
        onClick={(event) => {
          gestures.onClick();
          if (locked) swap();
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
