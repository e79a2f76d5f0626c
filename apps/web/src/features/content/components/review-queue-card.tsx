import { Link } from 'react-router';
import { Anchor, Card, Group, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Skeleton.css';
import { IconChevronRight } from '@tabler/icons-react';
import { useContentList } from '../api/get-content-list';
import { formatDate } from '../lib/format';
import classes from './review-queue-card.module.css';
import { listScreenMessages } from '@copydesk/shared';
import { ErrorState } from '@/components/ui/error-state';

const LIMIT = 5;

/** Dashboard (customers): up to 5 delivered items waiting for their review, each opening the content view. */
export function ReviewQueueCard() {
  const list = useContentList({ status: 'Pending Review', limit: LIMIT, page: 1 });
  const rows = list.data?.data ?? [];
  const total = list.data?.meta?.total ?? rows.length;

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="review-queue-title">
      <Group justify="space-between" mb="md" gap="sm">
        <Title order={2} fz="lg" id="review-queue-title">
          Waiting for your review
        </Title>
        {total > LIMIT && (
          <Anchor component={Link} to="/order?status=pending_review" size="sm">
            View all {total}
          </Anchor>
        )}
      </Group>
      {/* A failed refetch keeps the data on screen (the central toast says so): only a failed first load shows here. */}
      {list.isPending ? (
        <Stack gap="sm">
          {Array.from({ length: 2 }, (_, i) => (
            <Skeleton key={i} height={52} radius="md" />
          ))}
        </Stack>
      ) : list.isLoadingError ? (
        <ErrorState title={listScreenMessages.reviewQueueFailed} error={list.error} onRetry={() => list.refetch()} retrying={list.isFetching} />
      ) : rows.length === 0 ? (
        <Text c="gray.7">Nothing is waiting for your review. Delivered content appears here as soon as a writer uploads it.</Text>
      ) : (
        <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {rows.map((item) => (
            <li key={item.id}>
              <UnstyledButton component={Link} to={`/content-view/${item.id}`} className={classes.row}>
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600} truncate>
                      {item.article_title || `Item ${item.id}`}
                    </Text>
                    <Text size="sm" c="gray.7">
                      Item #{item.id} · {item.order_type} · {item.word_count} · delivered {formatDate(item.updated_at)}
                    </Text>
                  </div>
                  <Group gap={4} wrap="nowrap" style={{ flex: 'none' }}>
                    <Text size="sm" fw={600} c="blue.9" visibleFrom="xs">
                      Review
                    </Text>
                    <IconChevronRight size={18} color="var(--mantine-color-blue-8)" aria-hidden />
                  </Group>
                </Group>
              </UnstyledButton>
            </li>
          ))}
        </Stack>
      )}
    </Card>
  );
}
