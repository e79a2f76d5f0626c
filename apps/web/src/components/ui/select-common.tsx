import type { ReactNode } from 'react';
import { ComboboxChevron, ComboboxClearButton, rem, type InputBaseProps, type SelectProps as MantineSelectProps } from '@mantine/core';
import '@mantine/core/styles/Combobox.css';

/**
 * What the app's select (select.tsx) and its two forms share: the stand-in drawn until the floating
 * layer loads, and the field that replaces it (select-field.tsx). Both draw the same input, section
 * and hidden input from here, so the swap changes nothing on screen.
 */
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

/** The props a select takes for itself; the rest are the input's, which both its forms draw. */
const SELECT_ONLY = [
  'data',
  'value',
  'defaultValue',
  'onChange',
  'searchable',
  'clearable',
  'allowDeselect',
  'nothingFoundMessage',
  'limit',
  'maxDropdownHeight',
  'comboboxProps',
  'readOnly',
  'disabled',
  'error',
  'size',
  'id',
  'name',
  'form',
  'onFocus',
  'onBlur',
  'onClick',
  'onKeyDown',
  'rightSection',
  'rightSectionWidth',
  'rightSectionProps',
  'rightSectionPointerEvents',
] as const;

/** The input's props among a select's: label, description, placeholder, styles, aria attributes and the like. */
export function inputProps(props: SelectProps): Omit<SelectProps, (typeof SELECT_ONLY)[number]> {
  const input: Record<string, unknown> = { ...props };
  for (const key of SELECT_ONLY) delete input[key];
  return input;
}

/** What the stand-in hands over to the field that replaces it. */
export type SelectHandoff = {
  /** The stand-in had the focus: the field takes it. */
  focus: boolean;
  /** Opened by a click or a key before the layer loaded: the field opens its list, as it would have. */
  open: 'keyboard' | 'mouse' | null;
  /** Typed into a searchable stand-in. */
  typed: string | null;
};

type SectionOptions = {
  size: MantineSelectProps['size'];
  error: ReactNode;
  clearable: boolean;
  hasValue: boolean;
  locked: boolean | undefined;
  rightSection: ReactNode;
  rightSectionProps: InputBaseProps['rightSectionProps'];
  onClear: () => void;
};

/**
 * The input's right section: the chevron, with the clear button beside it when the select is
 * clearable and holds a value (the clear button takes clicks; the rest of the section lets them
 * through to the input), or the caller's own section.
 */
export function selectSection({ size, error, clearable, hasValue, locked, rightSection, rightSectionProps, onClear }: SectionOptions) {
  const chevron = <ComboboxChevron size={size} error={error} />;
  const clear = clearable && hasValue && !locked ? (CLEAR_SECTION[size ?? 'sm'] ?? CLEAR_SECTION.sm!) : null;
  if (rightSection !== undefined || !clear) return { rightSection: rightSection ?? chevron, rightSectionProps };
  return {
    rightSection: (
      <div style={{ display: 'flex', gap: 2, alignItems: 'center', paddingInlineEnd: clear.end }}>
        <ComboboxClearButton onClear={onClear} />
        {chevron}
      </div>
    ),
    // Only the section widens, over the input's end padding, as in Mantine's Select.
    rightSectionProps: { ...rightSectionProps, style: { width: rem(clear.width) } },
  };
}
