import type { ReactNode } from 'react';
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';

/**
 * An `inputContainer` for the last field of a filter row: the field with the "Reset filters"
 * button beside it, so the button lines up with the input rather than its label.
 */
export function withResetButton(onReset: () => void) {
  return function ResetContainer(children: ReactNode) {
    return (
      <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
        <div style={{ flex: 1 }}>{children}</div>
        <Tooltip label="Reset filters">
          <ActionIcon variant="light" color="gray" size="lg" onClick={onReset} aria-label="Reset filters">
            <IconRefresh size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </div>
    );
  };
}
