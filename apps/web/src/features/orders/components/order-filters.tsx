import { memo } from 'react';
import { Card, SimpleGrid, TextInput } from '@mantine/core';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Select } from '@/components/ui/select';
import { IconSearch } from '@tabler/icons-react';
import { withResetButton } from '@/components/ui/reset-filters';
import { ORDER_STATUS_FILTERS } from '@copydesk/shared';

export type OrderFilterValues = { orderId: string; user: string | null; date: string; keyword: string };
export const emptyOrderFilters: OrderFilterValues = { orderId: '', user: null, date: '', keyword: '' };

export type StatusFilter = (typeof ORDER_STATUS_FILTERS)[number];
const STATUS_LABELS: Record<StatusFilter, string> = { unpaid: 'Unpaid', inprogress: 'In Progress', pending_review: 'Pending Review' };

type OrderFiltersProps = {
  values: OrderFilterValues;
  onChange: (values: OrderFilterValues) => void;
  status: StatusFilter | null;
  onStatus: (status: StatusFilter | null) => void;
  /** Hidden for associates, who only see their own orders. */
  showUser: boolean;
  users: { value: string; label: string }[];
  onReset: () => void;
};

/**
 * Order id, user, date, keyword and status (from ?status=), with a reset. Memoised (the order list
 * keeps its props' identity), so the list's answers do not draw the filters again.
 */
export const OrderFilters = memo(function OrderFilters({ values, onChange, status, onStatus, showUser, users, onReset }: OrderFiltersProps) {
  const set = (patch: Partial<OrderFilterValues>) => onChange({ ...values, ...patch });
  return (
    <Card withBorder radius="lg" padding="md">
      <SimpleGrid cols={{ base: 1, xs: 2, md: showUser ? 5 : 4 }} spacing="sm" verticalSpacing="sm">
        <TextInput
          label="Order ID"
          placeholder="Any"
          inputMode="numeric"
          value={values.orderId}
          onChange={(e) => set({ orderId: e.currentTarget.value.replace(/\D/g, '').slice(0, 10) })}
        />
        {showUser && (
          <Select
            label="User"
            placeholder="Anyone"
            data={users}
            value={values.user}
            onChange={(user) => set({ user })}
            searchable
            clearable
            nothingFoundMessage="No matching user"
          />
        )}
        <TextInput label="Date" type="date" value={values.date} onChange={(e) => set({ date: e.currentTarget.value })} />
        <TextInput
          label="Keyword"
          placeholder="Title, project, type…"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={values.keyword}
          onChange={(e) => set({ keyword: e.currentTarget.value })}
        />
        <Select
          label="Status"
          placeholder="All"
          data={ORDER_STATUS_FILTERS.map((value) => ({ value, label: STATUS_LABELS[value] }))}
          value={status}
          onChange={(value) => onStatus(value as StatusFilter | null)}
          clearable
          inputContainer={withResetButton(onReset)}
        />
      </SimpleGrid>
    </Card>
  );
});
