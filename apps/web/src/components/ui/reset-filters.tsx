import type { ReactNode } from 'react';
import { ActionIcon, Button } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { Tooltip } from './tooltip';

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

/** The action of a list that came back empty under its filters: clears them. */
export function ResetFiltersButton({ onReset }: { onReset: () => void }) {
  return (
    <Button variant="default" size="xs" onClick={onReset}>
      Reset filters
    </Button>
  );
}
