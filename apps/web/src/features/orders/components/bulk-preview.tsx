import { forwardRef } from 'react';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import { IconFileUpload } from '@tabler/icons-react';
import { bulkMessages, formatMoney, type BulkPreviewResponse, type BulkPreviewRow } from '@copydesk/shared';
import { badgeText } from '@/components/ui/badge-text';
import classes from './bulk-preview.module.css';

type BulkPreviewProps = {
  preview: BulkPreviewResponse;
  fileName: string;
  placing: boolean;
  /** Place the order from the same file. */
  onConfirm: () => void;
  /** Choose a corrected sheet. */
  onUploadAgain: () => void;
};

function RowResult({ row }: { row: BulkPreviewRow }) {
  const rejected = row.status === 'rejected';
  const color = rejected ? 'red' : 'green';
  return (
    <li className={classes.row} data-rejected={rejected || undefined}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Group gap="xs" wrap="wrap" style={{ minWidth: 0 }}>
          <Text fw={700} size="sm">
            {bulkMessages.previewRow(row.row)}
          </Text>
          <Badge color={color} c={badgeText(color)} variant="light" radius="sm" tt="none">
            {rejected ? bulkMessages.previewRejected : bulkMessages.previewOrdered}
          </Badge>
        </Group>
        {row.status === 'ordered' && (
          <Text fw={700} size="sm" style={{ whiteSpace: 'nowrap' }}>
            {formatMoney(row.priceCents)}
          </Text>
        )}
      </Group>
      {row.status === 'ordered' ? (
        <Text size="sm">
          {row.title} · {row.orderType}, {row.wordCount}
        </Text>
      ) : (
        <ul className={classes.problems}>
          {row.problems.map((problem, i) => (
            <li key={i}>
              <Text size="sm" span>
                {problem.cell ? <b>{bulkMessages.previewCell(problem.cell)}: </b> : null}
                {problem.reason}
                {!problem.cell && problem.column ? ` ${bulkMessages.previewAddColumn(problem.column)}` : null}
              </Text>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * What an import of the uploaded sheet would do, before anything is ordered: every row ordered (with
 * its price) or rejected (each reason with its cell), the total, and the choice to place the order
 * or upload a corrected sheet (docs/decisions/0039-bulk-order-preview.md). The heading takes the
 * focus when the preview appears.
 */
export const BulkPreview = forwardRef<HTMLHeadingElement, BulkPreviewProps>(function BulkPreview(
  { preview, fileName, placing, onConfirm, onUploadAgain },
  headingRef,
) {
  return (
    <Stack gap="sm">
      <Stack gap={2}>
        <Text component="h3" fw={700} fz="md" m={0} ref={headingRef} tabIndex={-1}>
          {bulkMessages.previewTitle}
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {bulkMessages.previewFile(fileName)}
        </Text>
        <Text size="sm" role="status">
          {preview.ordered ? bulkMessages.previewSummary(preview.ordered, preview.rejected) : bulkMessages.previewNothingUsable}
        </Text>
      </Stack>
      {/* Focusable so that a keyboard can scroll a long sheet. */}
      <ul className={classes.rows} aria-label={bulkMessages.previewRowsLabel} tabIndex={0}>
        {preview.rows.map((row) => (
          <RowResult key={row.row} row={row} />
        ))}
      </ul>
      <Group justify="space-between" className={classes.total}>
        <Text fw={700}>{bulkMessages.previewTotal}</Text>
        <Text fw={700} data-testid="bulk-preview-total">
          {formatMoney(preview.totalCents)}
        </Text>
      </Group>
      {preview.rejected > 0 && preview.ordered > 0 && <Text size="sm">{bulkMessages.previewFixHint}</Text>}
      <Group gap="sm">
        {preview.ordered > 0 && (
          <Button onClick={onConfirm} loading={placing}>
            {bulkMessages.previewConfirm(preview.ordered)}
          </Button>
        )}
        <Button variant="default" leftSection={<IconFileUpload size={18} aria-hidden />} onClick={onUploadAgain} disabled={placing}>
          {bulkMessages.previewStartOver}
        </Button>
      </Group>
    </Stack>
  );
});
