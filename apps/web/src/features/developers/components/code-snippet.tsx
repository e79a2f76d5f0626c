import { Code, Group, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Code.css';
import { CopyValueButton } from './copy-value-button';

/** A block of code to copy: its caption above, the code (scrolling sideways on a phone) and a copy button. */
export function CodeSnippet({ caption, code, what }: { caption: string; code: string; what: string }) {
  return (
    <Stack gap={6}>
      <Group justify="space-between" align="flex-end" gap="xs" wrap="nowrap">
        <Text size="sm" style={{ flex: 1, minWidth: 0 }}>
          {caption}
        </Text>
        <CopyValueButton value={code} what={what} />
      </Group>
      {/* A scrolling region must be reachable by keyboard (axe: scrollable-region-focusable). */}
      <Code block tabIndex={0} style={{ overflowX: 'auto', whiteSpace: 'pre' }}>
        {code}
      </Code>
    </Stack>
  );
}
