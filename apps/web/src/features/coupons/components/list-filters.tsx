import { Card, SimpleGrid, TextInput } from '@mantine/core';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/SimpleGrid.css';
import { IconSearch } from '@tabler/icons-react';
import { withResetButton } from '@/components/ui/reset-filters';

/** The coupon lists' filters, named as their list calls' query. */
export type ListFilterValues = { from: string; to: string; keyword: string };
export const emptyListFilters: ListFilterValues = { from: '', to: '', keyword: '' };

type ListFiltersProps = {
  values: ListFilterValues;
  onChange: (values: ListFilterValues) => void;
  onReset: () => void;
  /** What the keyword matches, as the search box's placeholder. */
  searchPlaceholder: string;
  /** What the dates apply to: 'Created' gives the labels "Created from" and "Created to". */
  dateLabel: string;
};

/** From and to dates (whole days, both included), an optional keyword search and a reset of all of them. */
export function ListFilters({ values, onChange, onReset, searchPlaceholder, dateLabel }: ListFiltersProps) {
  const set = (patch: Partial<ListFilterValues>) => onChange({ ...values, ...patch });
  return (
    <Card withBorder radius="lg" padding="md">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" verticalSpacing="sm">
        <TextInput
          type="date"
          label={`${dateLabel} from`}
          value={values.from}
          max={values.to || undefined}
          onChange={(e) => set({ from: e.currentTarget.value })}
        />
        <TextInput
          type="date"
          label={`${dateLabel} to`}
          value={values.to}
          min={values.from || undefined}
          onChange={(e) => set({ to: e.currentTarget.value })}
        />
        <TextInput
          label="Search"
          placeholder={searchPlaceholder}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={values.keyword}
          maxLength={100}
          onChange={(e) => set({ keyword: e.currentTarget.value })}
          inputContainer={withResetButton(onReset)}
        />
      </SimpleGrid>
    </Card>
  );
}
