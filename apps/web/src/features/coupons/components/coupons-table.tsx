import { Link } from 'react-router';
import { ActionIcon, Button, Card, Group, Skeleton, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { couponScreenMessages, messages, type Coupon } from '@copydesk/shared';
import { SortHeader, type SortState } from '@/components/ui/sort-header';
import { EmptyRow, SkeletonRows } from '@/components/ui/table-rows';
import type { CouponAgency } from '../api/get-coupon-agencies';
import type { CouponSortColumn } from '../api/get-coupons';
import { agenciesText, couponAmountText, couponTypeLabel, formatDate, formatDay, isExpired, todayIso } from '../lib/format';
import { CouponStatusBadge } from './coupon-status-badge';

const COLUMNS = 9;

type CouponsTableProps = {
  rows: Coupon[] | undefined;
  loading: boolean;
  sort: SortState<CouponSortColumn>;
  onSort: (column: CouponSortColumn) => void;
  /** For the agency names; ids are shown until it loads. */
  agencies: CouponAgency[] | undefined;
  onDelete: (coupon: Coupon) => void;
  /** Phones get one card per coupon instead of a wide table. */
  stacked: boolean;
};

function Expiry({ expiry, today }: { expiry: string; today: string }) {
  return (
    <>
      <Text span size="sm">
        {formatDay(expiry)}
      </Text>
      {isExpired(expiry, today) && (
        <Text span size="xs" c="red.9" fw={600} display="block">
          Expired
        </Text>
      )}
    </>
  );
}

const usage = (coupon: Coupon) => `${coupon.used} / ${coupon.limit}`;

function EditAction({ coupon }: { coupon: Coupon }) {
  return (
    <Tooltip label="Edit" withArrow>
      <ActionIcon component={Link} to={`/edit-coupon/${coupon.id}`} variant="subtle" aria-label={`Edit coupon ${coupon.coupon_code}`}>
        <IconPencil size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}

function DeleteAction({ coupon, onDelete }: { coupon: Coupon; onDelete: (coupon: Coupon) => void }) {
  return (
    <Tooltip label="Delete" withArrow>
      <ActionIcon variant="subtle" color="red" aria-label={`Delete coupon ${coupon.coupon_code}`} onClick={() => onDelete(coupon)}>
        <IconTrash size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}

function CouponCard({ coupon, agencies, onDelete, today }: { coupon: Coupon; agencies: CouponAgency[] | undefined; onDelete: (coupon: Coupon) => void; today: string }) {
  const label = (text: string) => (
    <Text span c="dimmed">
      {text}
    </Text>
  );
  return (
    <Card withBorder radius="md" padding="sm" component="li" aria-label={`Coupon ${coupon.coupon_code}`}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Text fw={700} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            {coupon.coupon_code}
          </Text>
          <CouponStatusBadge status={coupon.status} style={{ flex: 'none' }} />
        </Group>
        <Text size="sm">
          {couponAmountText(coupon)} off · {couponTypeLabel(coupon.type)}
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {label('Agencies:')} {agenciesText(coupon.user_id, agencies)}
        </Text>
        <Text size="sm" component="div">
          {label('Expiry:')} <Expiry expiry={coupon.expiry} today={today} />
        </Text>
        <Text size="sm">
          {label('Used / limit:')} {usage(coupon)} · {label('Created:')} {formatDate(coupon.created_at)}
        </Text>
        <Group justify="flex-end" gap="xs" mt={4}>
          <Button component={Link} to={`/edit-coupon/${coupon.id}`} size="xs" variant="default" leftSection={<IconPencil size={14} aria-hidden />} aria-label={`Edit coupon ${coupon.coupon_code}`}>
            Edit
          </Button>
          <Button size="xs" variant="light" color="red" leftSection={<IconTrash size={14} aria-hidden />} aria-label={`Delete coupon ${coupon.coupon_code}`} onClick={() => onDelete(coupon)}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function Empty() {
  return (
    <Text ta="center" c="dimmed" fw={600} py="lg">
      {messages.noData}
    </Text>
  );
}

/** The coupon list (access-and-billing §2 "Coupons"): sortable columns, edit and delete per coupon. */
export function CouponsTable({ rows, loading, sort, onSort, agencies, onDelete, stacked }: CouponsTableProps) {
  const today = todayIso();

  if (stacked) {
    if (loading && !rows) {
      return (
        <Stack gap="sm" p="sm" aria-busy>
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} h={150} radius="md" />
          ))}
        </Stack>
      );
    }
    if (!rows?.length) return <Empty />;
    return (
      <Stack gap="sm" p="sm" component="ul" m={0} style={{ listStyle: 'none' }} aria-label="Coupons">
        {rows.map((coupon) => (
          <CouponCard key={coupon.id} coupon={coupon} agencies={agencies} onDelete={onDelete} today={today} />
        ))}
      </Stack>
    );
  }

  return (
    <Table.ScrollContainer minWidth={980}>
      <Table verticalSpacing="sm" horizontalSpacing="sm" highlightOnHover aria-label="Coupons">
        <Table.Thead>
          <Table.Tr>
            <SortHeader column="coupon_code" label="Code" sort={sort} onSort={onSort} />
            <SortHeader column="type" label="Type" sort={sort} onSort={onSort} />
            <SortHeader column="amount" label="Amount" sort={sort} onSort={onSort} />
            <Table.Th>Agencies</Table.Th>
            <SortHeader column="expiry" label="Expiry" sort={sort} onSort={onSort} />
            <SortHeader column="limit" label="Used / Limit" sort={sort} onSort={onSort} />
            <SortHeader column="status" label="Status" sort={sort} onSort={onSort} />
            <SortHeader column="created_at" label="Created" sort={sort} onSort={onSort} />
            <Table.Th ta="right">Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading && !rows ? (
            <SkeletonRows columns={COLUMNS} />
          ) : !rows?.length ? (
            <EmptyRow columns={COLUMNS}><Empty /></EmptyRow>
          ) : (
            rows.map((coupon) => (
              <Table.Tr key={coupon.id} aria-label={`Coupon ${coupon.coupon_code}`}>
                <Table.Td fw={700} maw={200} style={{ overflowWrap: 'anywhere' }}>
                  {coupon.coupon_code}
                </Table.Td>
                <Table.Td>{couponTypeLabel(coupon.type)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{couponAmountText(coupon)}</Table.Td>
                <Table.Td miw={120} maw={240}>
                  {coupon.user_id ? (
                    <Text size="sm" lineClamp={2} title={agenciesText(coupon.user_id, agencies)}>
                      {agenciesText(coupon.user_id, agencies)}
                    </Text>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {couponScreenMessages.allAgencies}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Expiry expiry={coupon.expiry} today={today} />
                </Table.Td>
                <Table.Td>{usage(coupon)}</Table.Td>
                <Table.Td>
                  <CouponStatusBadge status={coupon.status} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(coupon.created_at)}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap" justify="flex-end">
                    <EditAction coupon={coupon} />
                    <DeleteAction coupon={coupon} onDelete={onDelete} />
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
