import { useMemo, useState } from 'react';
import { Group, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import { reviewScreenMessages, type ContentDocument } from '@copydesk/shared';
import { ErrorState } from '@/components/ui/error-state';
import { Select } from '@/components/ui/select';
import { useContentPreview } from '../api/get-content-preview';
import { previewText, versionChanges } from '../lib/version-changes';
import classes from './version-changes.module.css';

/**
 * What changed between two delivered versions, word by word, from their stored previews
 * (docs/decisions/0040-review-screen.md): the newer version against the one before it, or another
 * older one the reader picks. Additions are underlined and removals struck through, each also named
 * in words for screen readers, never by colour alone.
 */
export function VersionChanges({ contentId, documents }: { contentId: number; documents: ContentDocument[] }) {
  const sorted = useMemo(() => [...documents].sort((a, b) => b.version - a.version), [documents]);
  const newer = sorted[0]!;
  const [fromId, setFromId] = useState<number | null>(null);
  const older = sorted.find((d) => d.id === fromId) ?? sorted[1]!;
  const after = useContentPreview(contentId, newer.id);
  const before = useContentPreview(contentId, older.id);
  const changes = useMemo(
    () => (after.data !== undefined && before.data !== undefined ? versionChanges(previewText(before.data), previewText(after.data)) : undefined),
    [after.data, before.data],
  );
  const failed = after.isLoadingError ? after : before.isLoadingError ? before : null;

  return (
    <Stack gap="sm">
      {sorted.length > 2 && (
        <Select
          label="Compare with"
          data={sorted.slice(1).map((d) => ({ value: String(d.id), label: `Version ${d.version}` }))}
          value={String(older.id)}
          onChange={(value) => value && setFromId(Number(value))}
          allowDeselect={false}
          maw={220}
        />
      )}
      <Text size="sm" fw={600} id={`changes-${contentId}`}>
        {reviewScreenMessages.changesTitle(older.version, newer.version)}
      </Text>
      {failed ? (
        <ErrorState title={reviewScreenMessages.changesFailed} error={failed.error} onRetry={() => void failed.refetch()} retrying={failed.isFetching} />
      ) : changes === undefined ? (
        <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading the changes">
          <Skeleton h={14} />
          <Skeleton h={14} w="80%" />
        </Stack>
      ) : changes === null ? (
        <Text size="sm">{reviewScreenMessages.changesFailed}</Text>
      ) : changes.added + changes.removed === 0 ? (
        <Text size="sm">{reviewScreenMessages.noChanges}</Text>
      ) : (
        <>
          <Group gap="md">
            <Text size="sm">{reviewScreenMessages.changesSummary(changes.added, changes.removed)}</Text>
            <Text size="xs" c="gray.7" aria-hidden>
              <ins className={classes.added}>underlined</ins>: added · <del className={classes.removed}>struck through</del>: removed
            </Text>
          </Group>
          {/* A focusable region, so keyboard users can scroll it. */}
          <div className={classes.panel} tabIndex={0} role="region" aria-labelledby={`changes-${contentId}`} data-testid="version-changes">
            {changes.parts.map((part, i) =>
              part.kind === 'added' ? (
                <ins key={i} className={classes.added}>
                  <VisuallyHidden>[added: </VisuallyHidden>
                  {part.text}
                  <VisuallyHidden>]</VisuallyHidden>
                </ins>
              ) : part.kind === 'removed' ? (
                <del key={i} className={classes.removed}>
                  <VisuallyHidden>[removed: </VisuallyHidden>
                  {part.text}
                  <VisuallyHidden>]</VisuallyHidden>
                </del>
              ) : (
                <span key={i}>{part.text}</span>
              ),
            )}
          </div>
        </>
      )}
    </Stack>
  );
}
