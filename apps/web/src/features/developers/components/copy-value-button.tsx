import { Button, CopyButton } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { developersScreenMessages as m } from '@copydesk/shared';

/** "Copy" beside a key, a secret or a snippet; it says "Copied" for two seconds after a click. `what` names it for screen readers. */
export function CopyValueButton({ value, what }: { value: string; what: string }) {
  return (
    <CopyButton value={value} timeout={2000}>
      {({ copied, copy }) => (
        <Button
          variant={copied ? 'light' : 'default'}
          color={copied ? 'green' : undefined}
          size="sm"
          onClick={copy}
          leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
          aria-label={`${copied ? m.copied : m.copy} ${what}`}
          // Beside a long caption or value it keeps its width; the text beside it wraps or scrolls.
          style={{ flexShrink: 0 }}
        >
          {copied ? m.copied : m.copy}
        </Button>
      )}
    </CopyButton>
  );
}
