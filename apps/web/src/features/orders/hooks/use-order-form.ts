import { useMemo, useReducer } from 'react';
import { initialOrderForm, orderFormReducer, orderTotal } from '../lib/order-form-state';

/** The order form's state: its items, whether anything changed, the types in use and the total (cents). */
export function useOrderForm() {
  const [state, dispatch] = useReducer(orderFormReducer, initialOrderForm);
  const types = useMemo(() => [...new Set(state.items.map((i) => i.orderType))].sort(), [state.items]);
  const totalCents = useMemo(() => orderTotal(state.items), [state.items]);
  return { ...state, types, totalCents, dispatch };
}

export type OrderFormController = ReturnType<typeof useOrderForm>;
