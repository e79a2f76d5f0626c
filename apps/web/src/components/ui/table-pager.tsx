import { Group, Pagination, Select, Text } from '@mantine/core';
import { orderScreenMessages, type PageMeta } from '@copydesk/shared';
import classes from './table-pager.module.css';

const Previous = () => <span>Previous</span>;
const Next = () => <span>Next</span>;

type TablePagerProps = {
  meta: PageMeta | undefined;
  page: number;
  onPage: (page: number) => void;
  limit: number;
  limits: readonly number[];
  onLimit: (limit: number) => void;
};

/** Page size, 'Showing X to Y of Z entries' and Previous / pages (a range of 3) / Next. */
export function TablePager({ meta, page, onPage, limit, limits, onLimit }: TablePagerProps) {
  const total = meta?.total ?? 0;
  return (
    <Group justify="space-between" gap="sm" className={classes.pager}>
      <Group gap="sm" wrap="nowrap">
        <Select
          aria-label="Entries per page"
          data={limits.map(String)}
          value={String(limit)}
          onChange={(value) => value && onLimit(Number(value))}
          allowDeselect={false}
          w={84}
          size="sm"
        />
        {/* gray.7, not dimmed: small grey text needs 4.5:1 on white. */}
        <Text size="sm" c="gray.7">
          {orderScreenMessages.showingEntries(meta?.from ?? 0, meta?.to ?? 0, total)}
        </Text>
      </Group>
      <Pagination.Root total={Math.max(1, meta?.last_page ?? 1)} value={page} onChange={onPage} siblings={1} boundaries={0} size="sm">
        <Group gap={6} wrap="nowrap">
          <Pagination.Previous icon={Previous} aria-label="Previous page" className={classes.edge} />
          <Pagination.Items />
          <Pagination.Next icon={Next} aria-label="Next page" className={classes.edge} />
        </Group>
      </Pagination.Root>
    </Group>
  );
}
