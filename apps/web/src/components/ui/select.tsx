import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import {
  Combobox,
  getOptionsLockup,
  getParsedComboboxData,
  InputBase,
  OptionsDropdown,
  rem,
  useCombobox,
  type ComboboxItem,
  type SelectProps as MantineSelectProps,
} from '@mantine/core';
import '@mantine/core/styles/Combobox.css';
import { useId, useUncontrolled } from '@mantine/hooks';

export type SelectProps = Omit<MantineSelectProps, 'classNames' | 'styles' | 'vars' | keyof ComboboxOnlyProps>;

/** Props of Mantine's Select this one does not take (its list is always Mantine's options list). */
type ComboboxOnlyProps = Pick<
  MantineSelectProps,
  | 'dropdownOpened'
  | 'defaultDropdownOpened'
  | 'onDropdownOpen'
  | 'onDropdownClose'
  | 'selectFirstOptionOnChange'
  | 'selectFirstOptionOnDropdownOpen'
  | 'onOptionSubmit'
  | 'filter'
  | 'withScrollArea'
  | 'scrollAreaProps'
  | 'renderOption'
  | 'searchValue'
  | 'defaultSearchValue'
  | 'onSearchChange'
  | 'autoSelectOnBlur'
  | 'openOnFocus'
  | 'withCheckIcon'
  | 'withAlignedLabels'
  | 'checkIconPosition'
  | 'clearSectionMode'
  | 'clearButtonProps'
  | 'onClear'
  | 'hiddenInputProps'
  | 'chevronColor'
  | 'floatingHeight'
>;

/** Room for the clear button beside the chevron, by input size: Mantine's Select gives its own the same. */
const CLEAR_SECTION: Record<string, { width: number; end: number }> = {
  xs: { width: 41, end: 7 },
  sm: { width: 50, end: 8 },
  md: { width: 60, end: 10 },
  lg: { width: 72, end: 12 },
  xl: { width: 89, end: 15 },
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
 */
export function Select(props: SelectProps) {
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
    id,
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
    ...others
  } = props;
  const options = useMemo(() => getParsedComboboxData(data), [data]);
  const lockup = useMemo(() => getOptionsLockup(options) as Record<string, ComboboxItem>, [options]);
  const inputId = useId(id);
  const [current, setCurrent] = useUncontrolled<string | null>({ value, defaultValue, finalValue: null, onChange });
  // The option of a value the data no longer holds (the list reloads, or narrows) keeps its label.
  const known = useRef<Record<string, ComboboxItem>>({});
  const selected = current === null ? undefined : (lockup[current] ?? known.current[current]);
  useEffect(() => {
    if (current !== null && lockup[current]) known.current[current] = lockup[current];
  }, [current, lockup]);

  // What is typed into a searchable select until an option is taken or focus leaves (null: nothing).
  const [typed, setTyped] = useState<string | null>(null);
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

  const chevron = <Combobox.Chevron size={size} error={error} />;
  // Clearable with a value: the clear button beside the chevron (it takes clicks; the rest of the
  // section lets them through to the input).
  const clearSection = clearable && current !== null && !locked ? (CLEAR_SECTION[size ?? 'sm'] ?? CLEAR_SECTION.sm!) : null;

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
            id={inputId}
            size={size}
            disabled={disabled}
            readOnly={readOnly || selectOnly}
            error={error}
            pointer={selectOnly}
            value={typed ?? selected?.label ?? ''}
            rightSection={
              rightSection ??
              (clearSection ? (
                <div style={{ display: 'flex', gap: 2, alignItems: 'center', paddingInlineEnd: clearSection.end }}>
                  <Combobox.ClearButton
                    onClear={() => {
                      setCurrent(null, null);
                      setTyped(null);
                    }}
                  />
                  {chevron}
                </div>
              ) : (
                chevron
              ))
            }
            rightSectionWidth={rightSectionWidth}
            // Only the section widens, over the input's end padding, as in Mantine's Select.
            rightSectionProps={
              clearSection && rightSection === undefined ? { ...rightSectionProps, style: { width: rem(clearSection.width) } } : rightSectionProps
            }
            rightSectionPointerEvents={rightSectionPointerEvents ?? 'none'}
            onChange={(event) => {
              setTyped(event.currentTarget.value);
              combobox.openDropdown();
              combobox.resetSelectedOption();
              setActiveId(null);
            }}
            onFocus={(event) => {
              if (searchable && !locked) combobox.openDropdown();
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
