import type { ReactNode } from 'react';
import { Skeleton, Table } from '@mantine/core';

/** Five skeleton rows across the whole table while its first page loads. */
export function SkeletonRows({ columns, count = 5 }: { columns: number; count?: number }) {
  return Array.from({ length: count }, (_, i) => (
    <Table.Tr key={i}>
      <Table.Td colSpan={columns}>
        <Skeleton height={22} radius="sm" />
      </Table.Td>
    </Table.Tr>
  ));
}

/** One row across the whole table holding what an empty list says. */
export function EmptyRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={columns}>{children}</Table.Td>
    </Table.Tr>
  );
}
