import { Skeleton, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Skeleton.css';
import {} from '@tabler/icons-react';
import { type ContentDocument, contentMessages, listScreenMessages } from '@copydesk/shared';
import { useContentPreview } from '../api/get-content-preview';
import classes from './document-preview.module.css';
import { ErrorState } from '@/components/ui/error-state';

/**
 * The latest delivered file as readable HTML in a bordered, scrollable panel. The server converts
 * the .docx and sanitises the HTML (no scripts, no event handlers), so it is rendered as is.
 */
export function DocumentPreview({ contentId, latest }: { contentId: number; latest: ContentDocument | null }) {
  const preview = useContentPreview(contentId, latest?.id ?? null);
  if (!latest) {
    return (
      <Text c="gray.7" py="md">
        {contentMessages.noDocument}
      </Text>
    );
  }
  if (preview.isPending) {
    return (
      <Stack gap="xs" className={classes.panel} role="status" aria-busy="true" aria-label="Loading the preview">
        <Skeleton h={22} w="60%" />
        <Skeleton h={14} />
        <Skeleton h={14} />
        <Skeleton h={14} w="80%" />
      </Stack>
    );
  }
  // A failed refetch keeps the data on screen (the central toast says so): only a failed first load shows here.
  if (preview.isLoadingError) {
    return <ErrorState title={listScreenMessages.previewFailed} error={preview.error} onRetry={() => preview.refetch()} retrying={preview.isFetching} />;
  }
  return (
    // A focusable region, so keyboard users can scroll it.
    <article className={classes.panel} tabIndex={0} aria-label={`Preview of version ${latest.version}`} dangerouslySetInnerHTML={{ __html: preview.data }} />
  );
}
