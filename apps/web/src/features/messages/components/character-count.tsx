import { Text } from '@mantine/core';
import { inboxScreenMessages as t } from '@copydesk/shared';
import { formatCount } from '../lib/format';

/** "12 / 250 characters" under a field; turns red at the limit. */
export function CharacterCount({ used, max, id }: { used: number; max: number; id?: string }) {
  return (
    <Text id={id} size="xs" c={used >= max ? 'red.9' : 'dimmed'}>
      {t.characters(formatCount(used), formatCount(max))}
    </Text>
  );
}
