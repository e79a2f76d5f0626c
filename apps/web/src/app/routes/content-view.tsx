import { lazy, Suspense, useDeferredValue, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ActionIcon, Alert, Anchor, Button, Card, Center, Flex, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/Skeleton.css';
import { IconAlertTriangle, IconArrowLeft, IconCheck, IconClockCheck, IconCreditCard, IconDownload, IconMessage2 } from '@tabler/icons-react';
import { contentMessages, isShortDelivery, reviewScreenMessages, roleCan, type ContentDetail } from '@copydesk/shared';
import { ErrorState } from '@/components/ui/error-state';
import { LoadingIndicator } from '@/components/ui/loading-indicator';
import { useApproveContent } from '@/features/content/api/approve-content';
import { downloadContent } from '@/features/content/api/download-content';
import { useContent } from '@/features/content/api/get-content';
import { useFulfilmentAgents } from '@/features/content/api/get-fulfilment-agents';
import { ActivityLog } from '@/features/content/components/activity-log';
import { AssignControls, canAssign } from '@/features/content/components/assign-controls';
import { ContentBrief } from '@/features/content/components/content-brief';
import { ContentStatusBadge } from '@/features/content/components/content-status-badge';
import { DocumentPreview } from '@/features/content/components/document-preview';
import { DueDate } from '@/features/content/components/due-date';
import { LazyApproveModal, LazyRevisionModal } from '@/features/content/components/lazy-review-modals';
import { RevisionHistory } from '@/features/content/components/revision-history';
import { VersionChanges } from '@/features/content/components/version-changes';
import { VersionsList } from '@/features/content/components/versions-list';
import { formatDateTime, formatDayMonth, revisionsLeftText } from '@/features/content/lib/format';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { notify } from '@/lib/notify';
import { useDownload } from '@/lib/use-download';

// The dropzone is for admins only: customers never load it.
const DeliverDropzone = lazy(() => import('@/features/content/components/deliver-dropzone'));

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label={title}>
      <Group justify="space-between" gap="sm" mb="md">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Card>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="sm" wrap="nowrap" align="flex-start">
      <Text size="sm" c="gray.7" style={{ flex: 'none' }}>
        {label}
      </Text>
      <div style={{ minWidth: 0, textAlign: 'right' }}>{children}</div>
    </Group>
  );
}

const latestOf = (item: ContentDetail) =>
  item.documents.reduce<ContentDetail['documents'][number] | null>((a, d) => (!a || d.version > a.version ? d : a), null);

/**
 * /content-view/{id}: the item's brief, the delivered file as a readable preview with every version
 * to download, the revision history and the activity log. Customers approve or ask for a revision
 * while it waits for their review; admins take, assign and deliver (docs/decisions/0004-item-state-machine.md).
 */
export function ContentViewRoute() {
  const params = useParams();
  const id = /^\d+$/.test(params.id ?? '') ? Number(params.id) : null;
  const navigate = useNavigate();
  const { role } = useSession();
  // The fulfilment team's view (assign, deliver); customers review instead.
  const isAdmin = roleCan(role, 'fulfilment.work');
  const content = useContent(id);
  const agents = useFulfilmentAgents(isAdmin);
  const approve = useApproveContent();
  const download = useDownload();
  const [revising, setRevising] = useState(false);
  const [approving, setApproving] = useState(false);
  // The version an admin just delivered: the versions list gives it the focus.
  const [delivered, setDelivered] = useState<number | null>(null);

  // Drawn in the background when it comes, in slices, not in the task that received the answer
  // (docs/decisions/0048-short-tasks-after-first-paint.md); an answer for the item before (the id just changed) is not drawn.
  const shown = useDeferredValue(content.data);
  const item = shown?.id === id ? shown : undefined;
  const latest = item ? latestOf(item) : null;
  const reviewable = roleCan(role, 'content.review') && item?.status === 'Pending Review' && latest !== null;
  // A failed first load (unverified email, someone else's item, a bad id) is said here, in place,
  // with Retry; a 404 (or an id that is no number) says the item is missing or not the user's.
  const missing = id === null || (content.error instanceof ApiError && content.error.status === 404);
  const failed = id === null || content.isLoadingError;
  const short = item && latest ? isShortDelivery(latest.word_count, item.requested_word_count) : false;

  const confirmApprove = () => {
    if (!item) return;
    approve.mutate(item.id, {
      // On to the next item of the order waiting for review, or back to the order when none is left.
      onSuccess: (res) => {
        notify.success(res.message);
        setApproving(false);
        navigate(res.next_review_id ? `/content-view/${res.next_review_id}` : `/items/${item.order_id}`);
      },
      // The failure itself is the central toast.
      onError: () => setApproving(false),
    });
  };

  const title = item ? item.article_title || item.title || `Item ${item.id}` : `Item ${params.id ?? ''}`;

  return (
    <Stack gap="lg" maw={1280}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ActionIcon
          component={Link}
          to={item ? `/items/${item.order_id}` : '/order'}
          variant="subtle"
          color="gray.8"
          size="lg"
          mt={4}
          aria-label={item ? `Back to order ${item.order_id}` : 'Back to orders'}
        >
          <IconArrowLeft size={22} aria-hidden />
        </ActionIcon>
        <Stack gap={6} style={{ minWidth: 0 }}>
          <Title order={1} fz={{ base: 24, sm: 30 }} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
          <Group gap="sm">
            <Text size="sm" fw={600}>
              Item ID {params.id}
            </Text>
            {item && <ContentStatusBadge status={item.status} customer={!isAdmin} size="lg" />}
            {item && (
              <Anchor component={Link} to={`/items/${item.order_id}`} size="sm">
                Order #{item.order_id}
              </Anchor>
            )}
          </Group>
        </Stack>
      </Group>

      {failed ? (
        <Stack gap="sm" align="flex-start">
          <ErrorState
            title={reviewScreenMessages.itemFailed}
            error={missing ? new Error(reviewScreenMessages.itemMissing) : content.error}
            onRetry={id === null ? undefined : () => void content.refetch()}
            retrying={content.isFetching}
          />
          <Anchor component={Link} to="/order" size="sm">
            {reviewScreenMessages.backToOrders}
          </Anchor>
        </Stack>
      ) : !item ? (
        // Most of the screen's height, as the item will take: with less, the frame's footer showed
        // at the bottom of a phone's screen while it loaded and was pushed off it when the item came
        // (a layout shift of 0.055 in Lighthouse).
        <Center mih="75dvh">
          <LoadingIndicator label="Loading the item" />
        </Center>
      ) : (
        <>
          {reviewable && (
            <Card
              withBorder
              radius="lg"
              padding="md"
              bg="orange.0"
              style={{ borderColor: 'var(--mantine-color-orange-4)' }}
              component="section"
              aria-label="Your review"
            >
              <Group justify="space-between" gap="md">
                <Stack gap={2} style={{ flex: '1 1 260px' }}>
                  <Text fw={700}>This content is waiting for your review.</Text>
                  <Text size="sm">
                    Read version {latest!.version} below, then approve it or ask the writer for changes.{' '}
                    <b>{item.revisions_left > 0 ? revisionsLeftText(item.revisions_left) : contentMessages.noRevisionsLeft}</b>
                  </Text>
                  {item.auto_approve_at && (
                    <Group gap={6} wrap="nowrap" mt={4}>
                      <IconClockCheck size={18} aria-hidden style={{ flex: 'none' }} />
                      <Text size="sm" data-testid="auto-approve-date">
                        {reviewScreenMessages.autoApproveOn(formatDayMonth(item.auto_approve_at))}
                      </Text>
                    </Group>
                  )}
                </Stack>
                <Flex gap="sm" direction={{ base: 'column', xs: 'row' }} w={{ base: '100%', xs: 'auto' }}>
                  {item.revisions_left > 0 && (
                    <Button variant="default" leftSection={<IconMessage2 size={18} aria-hidden />} onClick={() => setRevising(true)}>
                      Request Revision
                    </Button>
                  )}
                  <Button leftSection={<IconCheck size={18} aria-hidden />} onClick={() => setApproving(true)}>
                    Approve
                  </Button>
                </Flex>
              </Group>
            </Card>
          )}

          {!isAdmin && item.status === 'Unpaid' && (
            <Card withBorder radius="lg" padding="md" component="section" aria-label="Payment">
              <Group justify="space-between" gap="sm">
                <Text>This item is not paid yet. A writer starts once the order is paid.</Text>
                <Button component={Link} to={`/payment/${item.order_id}`} leftSection={<IconCreditCard size={18} aria-hidden />}>
                  Pay Now
                </Button>
              </Group>
            </Card>
          )}

          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 8 }}>
              <Stack gap="lg">
                <Section
                  title="Delivered content"
                  action={
                    latest && (
                      <Button
                        variant="light"
                        leftSection={<IconDownload size={18} aria-hidden />}
                        loading={download.busy === 'latest'}
                        onClick={() => void download.run('latest', () => downloadContent(item.id))}
                      >
                        Download latest
                      </Button>
                    )
                  }
                >
                  {latest && (
                    <Text size="sm" c="gray.7" mb="sm">
                      Version {latest.version} · {reviewScreenMessages.wordsAgainstOrder(latest.word_count, item.requested_word_count)} · delivered{' '}
                      {formatDateTime(latest.created_at)}
                    </Text>
                  )}
                  {latest && short && (
                    <Alert color="orange" variant="light" mb="sm" icon={<IconAlertTriangle size={18} aria-hidden />} data-testid="short-delivery">
                      {reviewScreenMessages.shortDelivery(latest.word_count, item.requested_word_count)}
                    </Alert>
                  )}
                  <DocumentPreview contentId={item.id} latest={latest} />
                </Section>
                {item.documents.length > 1 && (
                  <Section title="Changes">
                    <VersionChanges contentId={item.id} documents={item.documents} />
                  </Section>
                )}
                <Section title="Brief">
                  <ContentBrief item={item} />
                </Section>
              </Stack>
            </Grid.Col>

            <Grid.Col span={{ base: 12, md: 4 }}>
              <Stack gap="lg">
                <Section title="Status">
                  <Stack gap="sm">
                    <Fact label="Status">
                      <ContentStatusBadge status={item.status} customer={!isAdmin} />
                    </Fact>
                    <Fact label="Due">
                      {item.status === 'Approved' ? <Text size="sm">Completed</Text> : <DueDate dueAt={item.due_at} overdue={item.overdue} />}
                    </Fact>
                    <Fact label="Revisions">
                      <Text size="sm">{item.revisions_left > 0 ? revisionsLeftText(item.revisions_left) : 'None left'}</Text>
                    </Fact>
                    {isAdmin && (
                      <Fact label="Writer">
                        <Text size="sm">{item.linkagent?.name ?? 'Nobody yet'}</Text>
                      </Fact>
                    )}
                  </Stack>
                </Section>

                {isAdmin && (
                  <Section title="Fulfilment">
                    <Stack gap="sm">
                      {canAssign(item.status) && (
                        <>
                          <Text size="sm">
                            {item.status === 'Revision Requested'
                              ? 'The customer asked for a revision. Take it or hand it to another admin.'
                              : 'Nobody is writing this item yet.'}
                          </Text>
                          <AssignControls id={item.id} status={item.status} agents={agents.data} size="sm" />
                        </>
                      )}
                      {item.status === 'In Progress' && (
                        <Suspense fallback={<Skeleton h={96} radius="md" />}>
                          <DeliverDropzone contentId={item.id} onDelivered={(doc) => setDelivered(doc.id)} />
                        </Suspense>
                      )}
                      {item.status === 'Pending Review' && <Text size="sm">Delivered; waiting for the customer's review.</Text>}
                      {item.status === 'Approved' && <Text size="sm">Approved by the customer.</Text>}
                      {item.status === 'Unpaid' && <Text size="sm">Waiting for the payment.</Text>}
                    </Stack>
                  </Section>
                )}

                <Section title="Versions">
                  <VersionsList
                    documents={item.documents}
                    busy={download.busy}
                    focusId={delivered}
                    onDownload={(doc) => void download.run(`v${doc.version}`, () => downloadContent(item.id, doc))}
                  />
                </Section>

                <Section title="Revision history">
                  <RevisionHistory revisions={item.revision} />
                </Section>
              </Stack>
            </Grid.Col>
          </Grid>

          <ActivityLog contentId={item.id} />

          <LazyRevisionModal
            opened={revising}
            onClose={() => setRevising(false)}
            contentId={item.id}
            linkagentId={item.linkagent_id}
            revisionsLeft={item.revisions_left}
          />
          <LazyApproveModal
            opened={approving}
            version={latest?.version ?? null}
            busy={approve.isPending}
            onCancel={() => setApproving(false)}
            onConfirm={confirmApprove}
          />
        </>
      )}
    </Stack>
  );
}
