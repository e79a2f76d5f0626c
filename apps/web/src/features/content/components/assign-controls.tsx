import { useRef } from 'react';
import { Button, Group, type MantineSize } from '@mantine/core';
import { IconChevronDown, IconHandGrab } from '@tabler/icons-react';
import type { ItemStatus } from '@copydesk/shared';
import { Menu } from '@/components/ui/menu';
import { keepFocusInRow } from '@/lib/keep-focus';
import { notify } from '@/lib/notify';
import { useAssignContent } from '../api/assign-content';
import type { Agent } from '../api/get-fulfilment-agents';

/** Items a writer can take: queued ones and those sent back for a revision (docs/decisions/0004-item-state-machine.md). */
export const canAssign = (status: ItemStatus) => status === 'Unassigned' || status === 'Revision Requested';

type AssignControlsProps = {
  id: number;
  status: ItemStatus;
  agents: Agent[] | undefined;
  /** Added to the buttons' accessible names where several items share a screen ("item 40"). */
  itemLabel?: string;
  size?: MantineSize;
  /** In a table row: the menu button reads "Assign" (its accessible name stays "Assign to…"). */
  compact?: boolean;
};

/** Take (assign to me) and Assign to… (another admin); nothing for items that cannot be assigned. */
export function AssignControls({ id, status, agents, itemLabel, size = 'xs', compact = false }: AssignControlsProps) {
  const assign = useAssignContent();
  const menuButton = useRef<HTMLButtonElement>(null);
  if (!canAssign(status)) return null;

  // mutateAsync: once assigned, the refreshed item hides these controls (an unmounted mutate skips its callbacks).
  // A failure is the query client's toast (lib/server-errors.ts); here it only must not go unhandled.
  // `from`: the button that was used (the menu's own button for Assign to…), whose row keeps the focus
  // once the controls have gone (its Upload .docx), instead of the top of the page.
  const run = (from: HTMLElement | null, linkagentId?: number) => {
    const keepFocus = from ? keepFocusInRow(from) : undefined;
    return assign.mutateAsync({ id, linkagentId }).then(
      (res) => {
        notify.success(res.message);
        keepFocus?.();
      },
      () => undefined,
    );
  };
  const taking = assign.isPending && assign.variables?.linkagentId === undefined;
  const suffix = itemLabel ? ` (${itemLabel})` : '';

  return (
    <Group gap={compact ? 4 : 6} wrap="nowrap">
      <Button
        size={size}
        leftSection={compact ? undefined : <IconHandGrab size={16} aria-hidden />}
        onClick={(event) => void run(event.currentTarget)}
        loading={taking}
        disabled={assign.isPending && !taking}
        aria-label={itemLabel ? `Take ${itemLabel}` : undefined}
      >
        Take
      </Button>
      <Menu
        position="bottom-end"
        shadow="md"
        withinPortal
        target={
          <Button
            ref={menuButton}
            size={size}
            variant="default"
            px={compact ? 'xs' : undefined}
            rightSection={<IconChevronDown size={14} aria-hidden />}
            loading={assign.isPending && !taking}
            disabled={taking}
            aria-label={`Assign to…${suffix}`}
          >
            {compact ? 'Assign' : 'Assign to…'}
          </Button>
        }
      >
        {(M) => (
          <M.Dropdown>
            <M.Label c="gray.7">Assign to</M.Label>
            {agents === undefined ? (
              <M.Item disabled>Loading…</M.Item>
            ) : agents.length === 0 ? (
              <M.Item disabled>No admins available</M.Item>
            ) : (
              agents.map((agent) => (
                <M.Item key={agent.id} onClick={() => void run(menuButton.current, agent.id)}>
                  {agent.name}
                </M.Item>
              ))
            )}
          </M.Dropdown>
        )}
      </Menu>
    </Group>
  );
}
