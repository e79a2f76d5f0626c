import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';

/** Logo mark plus, unless `compact`, the product name. */
export function Brand({ compact = false, size = 'md' }: { compact?: boolean; size?: 'md' | 'lg' }) {
  const icon = size === 'lg' ? 44 : 36;
  return (
    <Group gap="xs" wrap="nowrap" align="center">
      <ThemeIcon size={icon} radius="md" variant="filled" aria-hidden>
        <IconFileText size={icon * 0.6} stroke={1.8} />
      </ThemeIcon>
      {!compact && (
        <Text fw={800} fz={size === 'lg' ? 26 : 20} lh={1} c="dark.8" style={{ letterSpacing: '-0.02em' }}>
          Copydesk
        </Text>
      )}
    </Group>
  );
}
