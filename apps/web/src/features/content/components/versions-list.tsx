import { useEffect, useRef } from 'react';
import { ActionIcon, Badge, Group, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import { IconDownload, IconFileText } from '@tabler/icons-react';
import type { ContentDocument } from '@copydesk/shared';
import { formatDateTime } from '../lib/format';
import { Tooltip } from '@/components/ui/tooltip';

type VersionsListProps = {
  documents: ContentDocument[];
  /** The key of the download in progress (`v{version}`), for its spinner. */
  busy: string | null;
  onDownload: (document: ContentDocument) => void;
  /** A version just delivered: it takes the focus once it is listed (not the top of the page). */
  focusId?: number | null;
};

/** Every delivered version, newest first, each with its word count, date and a download. */
export function VersionsList({ documents, busy, onDownload, focusId = null }: VersionsListProps) {
  const sorted = [...documents].sort((a, b) => b.version - a.version);
  // Group types its ref as a div whatever element it draws (here an li).
  const focused = useRef<HTMLDivElement>(null);
  const listed = sorted.some((d) => d.id === focusId);
  useEffect(() => {
    if (listed) focused.current?.focus();
  }, [listed, focusId]);
  if (!sorted.length) return <Text c="gray.7">No versions yet.</Text>;
  return (
    <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Delivered versions">
      {sorted.map((doc, i) => (
        <Group
          key={doc.id}
          ref={doc.id === focusId ? focused : undefined}
          tabIndex={doc.id === focusId ? -1 : undefined}
          component="li"
          justify="space-between"
          wrap="nowrap"
          gap="sm"
          py="xs"
          style={{ borderTop: i ? '1px solid var(--mantine-color-gray-3)' : undefined }}
        >
          <Group gap="sm" wrap="nowrap" miw={0}>
            <IconFileText size={20} color="var(--mantine-color-blue-8)" aria-hidden style={{ flex: 'none' }} />
            <div style={{ minWidth: 0 }}>
              <Group gap={6}>
                <Text fw={600} size="sm">
                  Version {doc.version}
                </Text>
                {i === 0 && (
                  <Badge size="xs" variant="light" color="blue" radius="sm">
                    Latest
                  </Badge>
                )}
              </Group>
              <Text size="xs" c="gray.7">
                {doc.word_count.toLocaleString('en-US')} words · {formatDateTime(doc.created_at)}
              </Text>
            </div>
          </Group>
          <Tooltip label={`Download version ${doc.version}`}>
            <ActionIcon
              variant="subtle"
              size="lg"
              loading={busy === `v${doc.version}`}
              onClick={() => onDownload(doc)}
              aria-label={`Download version ${doc.version}`}
            >
              <IconDownload size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      ))}
    </Stack>
  );
}
