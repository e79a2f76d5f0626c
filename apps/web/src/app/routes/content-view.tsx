import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ActionIcon, Anchor, Button, Card, Center, Flex, Grid, Group, Loader, Skeleton, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/Skeleton.css';
import { IconArrowLeft, IconCheck, IconCreditCard, IconDownload, IconMessage2 } from '@tabler/icons-react';
import { contentMessages, messages, roleCan, type ContentDetail } from '@copydesk/shared';
import { useApproveContent } from '@/features/content/api/approve-content';
import { downloadContent } from '@/features/content/api/download-content';
import { useContent } from '@/features/content/api/get-content';
import { useFulfilmentAgents } from '@/features/content/api/get-fulfilment-agents';
import { ActivityLog } from '@/features/content/components/activity-log';
import { ApproveModal } from '@/features/content/components/approve-modal';
import { AssignControls, canAssign } from '@/features/content/components/assign-controls';
import { ContentBrief } from '@/features/content/components/content-brief';
import { ContentStatusBadge } from '@/features/content/components/content-status-badge';
import { DocumentPreview } from '@/features/content/components/document-preview';
import { DueDate } from '@/features/content/components/due-date';
import { RevisionHistory } from '@/features/content/components/revision-history';
import { RevisionModal } from '@/features/content/components/revision-modal';
import { VersionsList } from '@/features/content/components/versions-list';
import { formatDateTime, revisionsLeftText } from '@/features/content/lib/format';
import { useSession } from '@/lib/auth';
import { notify } from '@/lib/notify';
import { reportServerError } from '@/lib/server-errors';
import { useDownload } from '@/lib/use-download';

// The dropzone is for admins only: customers never load it.
const DeliverDropzone = lazy(() => import('@/features/content/components/deliver-dropzone'));

/** After a failed load the user is sent back after 500 ms. */
const ERROR_BACK_MS = 500;

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
  const leaving = useRef(false);

  // A failed load (unverified email, someone else's item, a bad id) says why, then goes back.
  useEffect(() => {
    if (leaving.current || (id !== null && !content.error)) return;
    leaving.current = true;
    if (id === null) notify.error(messages.notFound);
    else reportServerError(content.error);
    const timer = setTimeout(() => navigate('/order', { replace: true }), ERROR_BACK_MS);
    return () => clearTimeout(timer);
  }, [id, content.error, navigate]);

  const item = content.data;
  const latest = item ? latestOf(item) : null;
  const reviewable = roleCan(role, 'content.review') && item?.status === 'Pending Review' && latest !== null;

  const confirmApprove = () => {
    if (!item) return;
    approve.mutate(item.id, {
      onSuccess: (res) => {
        notify.success(res.message);
        navigate('/order');
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

      {!item ? (
        <Center mih={240}>
          <Loader aria-label="Loading the item" />
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
                      Version {latest.version} · {latest.word_count.toLocaleString('en-US')} words · delivered {formatDateTime(latest.created_at)}
                    </Text>
                  )}
                  <DocumentPreview contentId={item.id} latest={latest} />
                </Section>
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
                          <DeliverDropzone contentId={item.id} />
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

          <RevisionModal
            opened={revising}
            onClose={() => setRevising(false)}
            contentId={item.id}
            linkagentId={item.linkagent_id}
            revisionsLeft={item.revisions_left}
          />
          <ApproveModal
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
