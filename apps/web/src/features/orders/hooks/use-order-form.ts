import { useCallback, useMemo } from 'react';
import { useForm } from '@mantine/form';
import { ariaInvalid } from '@/lib/form';
import { cloneItem, itemPath, newItem, orderErrors, orderTotal, type FormItem, type ItemChange, type Tier } from '../lib/order-form-state';

export type OrderFormValues = { items: FormItem[] };

/**
 * The order form's state on Mantine's `useForm`: its items (a list field, `items.0.articleTitle`…),
 * the fields in error, whether anything changed since the brief was started or loaded, the types in
 * use and the total (cents). Validation is the shared create contract (`orderErrors`).
 */
export function useOrderForm() {
  const form = useForm<OrderFormValues>({
    mode: 'controlled',
    initialValues: { items: [] },
    validate: (values) => orderErrors(values.items),
    enhanceGetInputProps: ariaInvalid,
  });
  const { items } = form.values;
  const { setValues, resetDirty, setFieldValue, clearFieldError, insertListItem, removeListItem } = form;

  /** New items that count as unchanged: the leave guard asks only after the user changes something. */
  const replace = useCallback(
    (next: FormItem[]) => {
      setValues({ items: next });
      resetDirty({ items: next });
    },
    [setValues, resetDirty],
  );
  const start = useCallback((orderType: string, firstTier: Tier | null) => replace([newItem(orderType, firstTier)]), [replace]);
  const load = useCallback((loaded: FormItem[]) => replace(loaded), [replace]);
  const reset = useCallback(() => replace([]), [replace]);

  /** Applies a rule of order-form-state to item `index` as it is now; the fields it touches lose their marks. */
  const change = (index: number, rule: (item: FormItem) => ItemChange) => {
    const current = form.getValues().items[index];
    if (!current) return;
    const { item, touched } = rule(current);
    setFieldValue(`items.${index}`, item);
    for (const field of touched) clearFieldError(itemPath(index, field));
  };
  const add = (item: FormItem) => insertListItem('items', item);
  /** The copy goes right after its source. */
  const clone = (index: number) => {
    const copy = cloneItem(items[index]!);
    insertListItem('items', copy, index + 1);
    return copy;
  };
  /** The first item is never removed. */
  const remove = (index: number) => {
    if (index > 0) removeListItem('items', index);
  };

  const types = useMemo(() => [...new Set(items.map((i) => i.orderType))].sort(), [items]);
  const totalCents = useMemo(() => orderTotal(items), [items]);
  return { form, items, dirty: form.isDirty(), types, totalCents, start, load, reset, change, add, clone, remove };
}

export type OrderFormController = ReturnType<typeof useOrderForm>;
