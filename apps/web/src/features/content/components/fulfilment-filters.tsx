import { Card, SimpleGrid, TextInput } from '@mantine/core';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Select } from '@/components/ui/select';
import { IconSearch } from '@tabler/icons-react';
import { withResetButton } from '@/components/ui/reset-filters';
import { FULFILMENT_STATUS_FILTERS, type FulfilmentStatusFilter } from '@copydesk/shared';

const STATUS_LABELS: Record<FulfilmentStatusFilter, string> = {
  open: 'Open (not approved)',
  overdue: 'Overdue (open, past due)',
  all: 'All paid items',
  Unassigned: 'Unassigned',
  'In Progress': 'In Progress',
  'Pending Review': 'Pending Review',
  'Revision Requested': 'Revision Requested',
  Approved: 'Approved',
};

export type FulfilmentFilterValues = { status: FulfilmentStatusFilter; agency: string | null; search: string };

type FulfilmentFiltersProps = {
  values: FulfilmentFilterValues;
  onChange: (values: FulfilmentFilterValues) => void;
  agencies: { value: string; label: string }[];
  onReset: () => void;
};

/** Status (open by default), agency and a search over ids and titles, with a reset. */
export function FulfilmentFilters({ values, onChange, agencies, onReset }: FulfilmentFiltersProps) {
  const set = (patch: Partial<FulfilmentFilterValues>) => onChange({ ...values, ...patch });
  return (
    <Card withBorder radius="lg" padding="md">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" verticalSpacing="sm">
        <Select
          label="Status"
          data={FULFILMENT_STATUS_FILTERS.map((value) => ({ value, label: STATUS_LABELS[value] }))}
          value={values.status}
          onChange={(value) => set({ status: (value as FulfilmentStatusFilter | null) ?? 'open' })}
          allowDeselect={false}
        />
        <Select
          label="Agency"
          placeholder="Every agency"
          data={agencies}
          value={values.agency}
          onChange={(agency) => set({ agency })}
          searchable
          clearable
          nothingFoundMessage="No agency by that name"
        />
        <TextInput
          label="Search"
          placeholder="Item id or title"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={values.search}
          onChange={(e) => set({ search: e.currentTarget.value })}
          inputContainer={withResetButton(onReset)}
        />
      </SimpleGrid>
    </Card>
  );
}
