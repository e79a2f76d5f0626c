import { useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Group, Modal, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import { IconAlertTriangle, IconPencil, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { formatDollars, managementScreenMessages, roleOf, userMessages, type UserListRow } from '@copydesk/shared';
import { formatPhone } from '@/lib/format-phone';
import { notify } from '@/lib/notify';
import { useChangeStatus } from '../api/change-status';
import { useUser } from '../api/get-user';
import { canChangeStatus, joinedText, roleLabel } from '../lib/user-format';
import { UserStatusBadge } from './user-status-badge';
import { ErrorState } from '@/components/ui/error-state';

type UserDetailModalProps = {
  /** The list row that was opened; null while closed. */
  row: UserListRow | null;
  onClose: () => void;
  /** The signed-in user: nobody switches themselves off. */
  callerId: number;
  /** Admins also see the group and the wallet balance. */
  showAccount: boolean;
  onEdit: (user: UserListRow) => void;
};

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="gray.7" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/**
 * View a user: their details and, for users the caller may switch, a button offering the opposite
 * of their status. Deactivating asks first, because it signs them out at once and, for an agency,
 * stops its associates too (docs/decisions/0011-tenancy-and-roles.md).
 */
export function UserDetailModal({ row, onClose, callerId, showAccount, onEdit }: UserDetailModalProps) {
  const detail = useUser(row?.id ?? null, row ?? undefined);
  const change = useChangeStatus();
  const [confirming, setConfirming] = useState(false);
  const user = detail.data?.data ?? (detail.isError ? undefined : row);
  /**
   * The button that takes focus when it appears: each step replaces the one that was pressed (Deactivate
   * by the confirmation, the confirmation by Activate), and focus would otherwise fall out of the dialog
   * to the top of the page.
   */
  const focusNext = useRef<'cancel' | 'status' | null>(null);
  const takesFocus = (which: 'cancel' | 'status') => (element: HTMLButtonElement | null) => {
    if (!element || focusNext.current !== which) return;
    // A button still disabled by the request in flight cannot take focus: the next render tries again.
    element.focus();
    if (element.ownerDocument.activeElement === element) focusNext.current = null;
  };

  const close = () => {
    if (change.isPending) return;
    setConfirming(false);
    onClose();
  };

  const setStatus = (status: 0 | 1) => {
    if (!user) return;
    change.mutate(
      { userid: user.id, status },
      {
        onSuccess: (res) => {
          notify.success(res?.message || (status === 1 ? userMessages.activated : userMessages.deactivated));
          // The opposite button (Activate after Deactivate) is the changed status, and its undo.
          focusNext.current = 'status';
          setConfirming(false);
        },
        // The failure itself is the central toast.
        onError: () => {
          focusNext.current = 'status';
          setConfirming(false);
        },
      },
    );
  };

  const switchable = user ? canChangeStatus(user, callerId) : false;
  const active = user?.status === 1;
  const title = confirming && user ? managementScreenMessages.deactivateTitle(user.name) : (user?.name ?? row?.name ?? 'User');

  let body;
  if (!user) {
    body = detail.isError ? (
      <ErrorState title={managementScreenMessages.userLoadFailed} error={detail.error} onRetry={() => detail.refetch()} retrying={detail.isFetching} />
    ) : (
      <Skeleton h={160} />
    );
  } else if (confirming) {
    body = (
      <Stack gap="md">
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
          <Stack gap={6}>
            <Text size="sm">{managementScreenMessages.deactivateSessions(user.name)}</Text>
            {roleOf(user) === 'agency' && <Text size="sm">{managementScreenMessages.deactivateAgency}</Text>}
          </Stack>
        </Alert>
        <Group justify="flex-end" gap="sm">
          <Button
            ref={takesFocus('cancel')}
            variant="default"
            onClick={() => {
              focusNext.current = 'status';
              setConfirming(false);
            }}
            disabled={change.isPending}
          >
            Cancel
          </Button>
          <Button color="red" leftSection={<IconUserOff size={16} aria-hidden />} loading={change.isPending} onClick={() => setStatus(0)}>
            Deactivate
          </Button>
        </Group>
      </Stack>
    );
  } else {
    body = (
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
          <Detail label="Email">{user.email}</Detail>
          <Detail label="Phone">{formatPhone(user.phoneNumber) ?? '—'}</Detail>
          <Detail label="Company">{user.company_name || '—'}</Detail>
          <Detail label="Role">{roleLabel(user)}</Detail>
          <Detail label="Role / Designation">{user.role_designation || '—'}</Detail>
          <Detail label="Status">
            <UserStatusBadge status={user.status} />
          </Detail>
          {showAccount && <Detail label="Group">{user.group || '—'}</Detail>}
          {showAccount && <Detail label="Balance">{formatDollars(user.balance)}</Detail>}
          <Detail label="Member since">{joinedText(user.created_at)}</Detail>
        </SimpleGrid>
        {!switchable && (
          <Text size="sm" c="gray.7">
            {managementScreenMessages.statusLocked}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" leftSection={<IconPencil size={16} aria-hidden />} onClick={() => onEdit(user)}>
            Edit
          </Button>
          {switchable &&
            (active ? (
              <Button
                ref={takesFocus('status')}
                color="red"
                variant="light"
                leftSection={<IconUserOff size={16} aria-hidden />}
                onClick={() => {
                  // The question's safe answer first: Enter does not deactivate by accident.
                  focusNext.current = 'cancel';
                  setConfirming(true);
                }}
              >
                Deactivate
              </Button>
            ) : (
              <Button
                ref={takesFocus('status')}
                color="green"
                leftSection={<IconUserCheck size={16} aria-hidden />}
                loading={change.isPending}
                onClick={() => setStatus(1)}
              >
                Activate
              </Button>
            ))}
        </Group>
      </Stack>
    );
  }

  return (
    <Modal
      opened={row !== null}
      onClose={close}
      centered
      size="lg"
      title={
        <Text component="span" fw={700} fz="lg">
          {title}
        </Text>
      }
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {body}
    </Modal>
  );
}
