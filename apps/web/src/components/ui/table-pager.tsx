import { Group, Pagination, Text } from '@mantine/core';
import '@mantine/core/styles/Pagination.css';
import { Select } from './select';
import { orderScreenMessages, type PageMeta } from '@copydesk/shared';
import classes from './data-table.module.css';

const Previous = () => <span>Previous</span>;
const Next = () => <span>Next</span>;

export type TablePagerProps = {
  /** The page the server answered; until then no entries line is shown. */
  meta: PageMeta | undefined;
  page: number;
  onPage: (page: number) => void;
  limit: number;
  limits: readonly number[];
  onLimit: (limit: number) => void;
};

/**
 * Page size, 'Showing X to Y of Z entries' and Previous / pages (a range of 3) / Next. The data
 * table renders it under a list that loaded, never under one that failed.
 */
export function TablePager({ meta, page, onPage, limit, limits, onLimit }: TablePagerProps) {
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
        {meta && (
          <Text size="sm" c="gray.7">
            {orderScreenMessages.showingEntries(meta.from ?? 0, meta.to ?? 0, meta.total)}
          </Text>
        )}
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
