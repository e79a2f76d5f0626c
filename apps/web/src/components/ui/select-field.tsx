import { useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState, type KeyboardEvent } from 'react';
import { Combobox, getOptionsLockup, getParsedComboboxData, InputBase, OptionsDropdown, useCombobox, type ComboboxItem } from '@mantine/core';
import '@mantine/core/styles/Combobox.css';
import { useUncontrolled } from '@mantine/hooks';
import { selectSection, inputProps, type SelectHandoff, type SelectProps } from './select-common';

type SelectFieldProps = SelectProps & {
  /** The input's id (the stand-in used the same one). */
  inputId: string;
  /** What the stand-in it replaces had: focus, a list opening, typed text. */
  handoff?: SelectHandoff;
};

/**
 * The app's select: Mantine's Combobox, options list and input, with the keyboard of the WAI-ARIA
 * combobox pattern (w3.org/WAI/ARIA/apg/patterns/combobox), which Mantine's own Select does not
 * follow in full:
 * - Enter, or Space where typing is not possible, opens the list on the current option (the first
 *   when nothing is chosen), as the arrows do; in an open list with nothing highlighted (a
 *   searchable select opens as it takes focus) they highlight the current option the same way;
 * - Enter (or Space, select-only) takes the highlighted option and closes the list; on the current
 *   option it keeps it (a keyboard never clears the field; a click on the current option still
 *   does, where `allowDeselect` allows);
 * - Tab takes the highlighted option along, then moves on;
 * - the arrows move through the options, Escape closes the list.
 * Everything goes through the Combobox store (`useCombobox`), whose highlighted option is also the
 * input's `aria-activedescendant`.
 *
 * It is part of the floating layer (floating.ts): screens draw the app's Select (select.tsx), which
 * draws this once the layer has loaded.
 */
export function SelectField({ inputId, handoff, ...props }: SelectFieldProps) {
  const {
    data,
    value,
    defaultValue,
    onChange,
    searchable = false,
    clearable = false,
    allowDeselect = true,
    nothingFoundMessage,
    limit,
    maxDropdownHeight,
    comboboxProps,
    readOnly,
    disabled,
    error,
    size,
    name,
    form,
    onFocus,
    onBlur,
    onClick,
    onKeyDown,
    rightSection,
    rightSectionWidth,
    rightSectionProps,
    rightSectionPointerEvents,
  } = props;
  const others = inputProps(props);
  const options = useMemo(() => getParsedComboboxData(data), [data]);
  const lockup = useMemo(() => getOptionsLockup(options) as Record<string, ComboboxItem>, [options]);
  const [current, setCurrent] = useUncontrolled<string | null>({ value, defaultValue, finalValue: null, onChange });
  // The option of a value the data no longer holds (the list reloads, or narrows) keeps its label.
  const known = useRef<Record<string, ComboboxItem>>({});
  const selected = current === null ? undefined : (lockup[current] ?? known.current[current]);
  useEffect(() => {
    if (current !== null && lockup[current]) known.current[current] = lockup[current];
  }, [current, lockup]);

  // What is typed into a searchable select until an option is taken or focus leaves (null: nothing).
  const [typed, setTyped] = useState<string | null>(handoff?.typed ?? null);
  // The highlighted option's id, for assistive technology.
  const [activeId, setActiveId] = useState<string | null>(null);
  // An option taken with the keyboard: the current one is kept rather than deselected.
  const byKeyboard = useRef(false);
  const combobox = useCombobox({
    // Opened by a click or by focus: the arrows move on from the current option, which is not
    // highlighted yet (Enter highlights it, as when opening with the keyboard).
    onDropdownOpen: (source) => {
      if (source !== 'keyboard') combobox.updateSelectedOptionIndex('active');
    },
    onDropdownClose: () => {
      combobox.resetSelectedOption();
      setActiveId(null);
    },
  });

  const locked = readOnly || disabled;
  const selectOnly = !searchable;

  /** Highlights the current option (the first when there is none, or it is filtered out), in view. */
  const highlightCurrent = () => {
    setActiveId(combobox.selectActiveOption());
    combobox.updateSelectedOptionIndex('selected', { scrollIntoView: true });
  };

  const take = (optionValue: string) => {
    const keepCurrent = byKeyboard.current || !allowDeselect;
    byKeyboard.current = false;
    const option = keepCurrent || optionValue !== current ? lockup[optionValue] : undefined;
    const next = option?.value ?? null;
    if (next !== current) setCurrent(next, option ?? null);
    setTyped(null);
    combobox.closeDropdown();
  };

  const takeHighlighted = () => {
    byKeyboard.current = true;
    combobox.clickSelectedOption();
    byKeyboard.current = false;
  };

  // Replacing a stand-in: take its focus in the same commit as the stand-in leaves (so no key pressed
  // in between lands on the page instead), then open the list a click or key on it asked for, or
  // that typing into it opens. The list's id, which the input points to, is known only once the
  // list has drawn: so the opening is one commit, and the next one highlights the current option
  // (for a key) or draws the input again to point at the list.
  const input = useRef<HTMLInputElement>(null);
  const handover = useRef<'focus' | 'open' | 'opened' | 'done'>(handoff ? 'focus' : 'done');
  const [, redraw] = useReducer((count: number) => count + 1, 0);
  useLayoutEffect(() => {
    if (handover.current !== 'focus') return;
    handover.current = 'open';
    if (handoff?.focus) input.current?.focus({ preventScroll: true });
  });
  useEffect(() => {
    if (handover.current === 'open') {
      // A searchable select opens as it takes focus; here it does so now, with the rest.
      const opensAnyway = handoff?.typed != null || (searchable && handoff?.focus);
      const wanted = locked ? null : (handoff?.open ?? (opensAnyway ? 'mouse' : null));
      handover.current = wanted ? 'opened' : 'done';
      if (wanted === 'keyboard') combobox.openDropdown('keyboard');
      else if (wanted) combobox.openDropdown();
    } else if (handover.current === 'opened') {
      handover.current = 'done';
      if (handoff?.open === 'keyboard') highlightCurrent();
      else redraw();
    }
  });

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event);
    const { nativeEvent } = event;
    if (event.defaultPrevented || locked || nativeEvent.isComposing || event.altKey || event.ctrlKey || event.metaKey) return;
    const opened = combobox.dropdownOpened;
    const highlighted = opened && activeId !== null;
    const confirm = nativeEvent.code === 'Enter' || nativeEvent.code === 'NumpadEnter' || (nativeEvent.code === 'Space' && selectOnly);

    if (nativeEvent.code === 'ArrowDown' || nativeEvent.code === 'ArrowUp') {
      event.preventDefault();
      if (!opened) {
        combobox.openDropdown('keyboard');
        highlightCurrent();
      } else {
        setActiveId(nativeEvent.code === 'ArrowDown' ? combobox.selectNextOption() : combobox.selectPreviousOption());
      }
    } else if (confirm) {
      event.preventDefault();
      if (!opened) {
        combobox.openDropdown('keyboard');
        highlightCurrent();
      } else if (!highlighted) highlightCurrent();
      else takeHighlighted();
    } else if (nativeEvent.code === 'Tab') {
      // Not prevented: focus moves on as usual.
      if (highlighted) takeHighlighted();
    } else if (event.key === 'Escape') {
      combobox.closeDropdown('keyboard');
    }
  };

  const section = selectSection({
    size,
    error,
    clearable,
    hasValue: current !== null,
    locked,
    rightSection,
    rightSectionProps,
    onClear: () => {
      setCurrent(null, null);
      setTyped(null);
    },
  });

  return (
    <>
      <Combobox store={combobox} readOnly={readOnly} size={size} onOptionSubmit={take} {...comboboxProps}>
        <Combobox.Target
          targetType={searchable ? 'input' : 'button'}
          withKeyboardNavigation={false}
          withExpandedAttribute
          aria-activedescendant={combobox.dropdownOpened ? (activeId ?? undefined) : undefined}
        >
          <InputBase
            {...others}
            ref={input}
            id={inputId}
            size={size}
            disabled={disabled}
            readOnly={readOnly || selectOnly}
            error={error}
            pointer={selectOnly}
            value={typed ?? selected?.label ?? ''}
            rightSection={section.rightSection}
            rightSectionWidth={rightSectionWidth}
            rightSectionProps={section.rightSectionProps}
            rightSectionPointerEvents={rightSectionPointerEvents ?? 'none'}
            onChange={(event) => {
              setTyped(event.currentTarget.value);
              combobox.openDropdown();
              combobox.resetSelectedOption();
              setActiveId(null);
            }}
            onFocus={(event) => {
              // Not while taking a stand-in's focus: opening as the field first draws leaves the list
              // hidden, so the hand-over opens it once the field has drawn.
              if (searchable && !locked && handover.current !== 'open') combobox.openDropdown();
              onFocus?.(event);
            }}
            onBlur={(event) => {
              combobox.closeDropdown();
              setTyped(null);
              onBlur?.(event);
            }}
            onClick={(event) => {
              if (!locked) {
                if (searchable) combobox.openDropdown();
                else combobox.toggleDropdown();
              }
              onClick?.(event);
            }}
            onKeyDown={handleKeyDown}
          />
        </Combobox.Target>
        <OptionsDropdown
          data={options}
          filter={undefined}
          withScrollArea
          scrollAreaProps={undefined}
          unstyled={false}
          hidden={locked}
          hiddenWhenEmpty={!nothingFoundMessage}
          search={typed ?? ''}
          filterOptions={searchable && typed !== null}
          limit={limit}
          maxDropdownHeight={maxDropdownHeight}
          value={current}
          withCheckIcon
          checkIconPosition="left"
          nothingFoundMessage={nothingFoundMessage}
          labelId={others.label ? (others.labelProps?.id ?? `${inputId}-label`) : undefined}
          aria-label={others.label ? undefined : others['aria-label']}
        />
      </Combobox>
      <Combobox.HiddenInput value={current} name={name} form={form} disabled={disabled} />
    </>
  );
}
