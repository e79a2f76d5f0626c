import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ActionIcon, Button, Group, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { couponScreenMessages, type Coupon } from '@copydesk/shared';
import { DataTable, type DataTableColumn, type DataTableProps, type SortState } from '@/components/ui/data-table';
import type { AgencyOption } from '@/lib/agencies';
import type { CouponSortColumn } from '../api/get-coupons';
import { agenciesText, couponAmountText, couponTypeLabel, formatDate, formatDay, isExpired, todayIso } from '../lib/format';
import { CouponStatusBadge } from './coupon-status-badge';
import { Tooltip } from '@/components/ui/tooltip';

type CouponsTableProps = Pick<DataTableProps<Coupon, CouponSortColumn>, 'loading' | 'error' | 'errorTitle' | 'onRetry' | 'retrying' | 'pager'> & {
  rows: Coupon[] | undefined;
  sort: SortState<CouponSortColumn>;
  onSortChange: (sort: SortState<CouponSortColumn>) => void;
  /** For the agency names; ids are shown until it loads. */
  agencies: AgencyOption[] | undefined;
  onDelete: (coupon: Coupon) => void;
  /** What an empty list says. */
  empty: ReactNode;
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

function Agencies({ coupon, agencies }: { coupon: Coupon; agencies: AgencyOption[] | undefined }) {
  if (!coupon.user_id) {
    return (
      <Text size="sm" c="gray.7">
        {couponScreenMessages.allAgencies}
      </Text>
    );
  }
  const names = agenciesText(coupon.user_id, agencies);
  return (
    <Text size="sm" lineClamp={2} title={names}>
      {names}
    </Text>
  );
}

function Actions({ coupon, onDelete }: { coupon: Coupon; onDelete: (coupon: Coupon) => void }) {
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label="Edit" withArrow>
        <ActionIcon component={Link} to={`/edit-coupon/${coupon.id}`} variant="subtle" size="lg" aria-label={`Edit coupon ${coupon.coupon_code}`}>
          <IconPencil size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Delete" withArrow>
        <ActionIcon variant="subtle" color="red" size="lg" aria-label={`Delete coupon ${coupon.coupon_code}`} onClick={() => onDelete(coupon)}>
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/** Phones: buttons with words, big enough for a thumb. */
function CardActions({ coupon, onDelete }: { coupon: Coupon; onDelete: (coupon: Coupon) => void }) {
  return (
    <Group gap="xs" justify="flex-end">
      <Button
        component={Link}
        to={`/edit-coupon/${coupon.id}`}
        size="xs"
        variant="default"
        leftSection={<IconPencil size={14} aria-hidden />}
        aria-label={`Edit coupon ${coupon.coupon_code}`}
      >
        Edit
      </Button>
      <Button
        size="xs"
        variant="light"
        color="red"
        leftSection={<IconTrash size={14} aria-hidden />}
        aria-label={`Delete coupon ${coupon.coupon_code}`}
        onClick={() => onDelete(coupon)}
      >
        Delete
      </Button>
    </Group>
  );
}

/** The coupon list: sortable columns, edit and delete per coupon; cards on a phone. */
export function CouponsTable({ rows, sort, onSortChange, agencies, onDelete, empty, ...state }: CouponsTableProps) {
  const today = todayIso();
  const columns: DataTableColumn<Coupon, CouponSortColumn>[] = [
    {
      key: 'code',
      header: 'Code',
      sort: 'coupon_code',
      cell: (c) => c.coupon_code,
      card: 'title',
      tdProps: { fw: 700, maw: 200, style: { overflowWrap: 'anywhere' } },
    },
    { key: 'type', header: 'Type', sort: 'type', cell: (c) => couponTypeLabel(c.type) },
    { key: 'amount', header: 'Amount', sort: 'amount', cell: (c) => couponAmountText(c), tdProps: { style: { whiteSpace: 'nowrap' } } },
    { key: 'agencies', header: 'Agencies', cell: (c) => <Agencies coupon={c} agencies={agencies} />, tdProps: { miw: 120, maw: 240 } },
    { key: 'expiry', header: 'Expiry', sort: 'expiry', cell: (c) => <Expiry expiry={c.expiry} today={today} />, tdProps: { style: { whiteSpace: 'nowrap' } } },
    { key: 'usage', header: 'Used / Limit', sort: 'limit', cell: (c) => `${c.used} / ${c.limit}` },
    { key: 'status', header: 'Status', sort: 'status', cell: (c) => <CouponStatusBadge status={c.status} />, card: 'aside' },
    { key: 'created', header: 'Created', sort: 'created_at', cell: (c) => formatDate(c.created_at), tdProps: { style: { whiteSpace: 'nowrap' } } },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      card: 'actions',
      cell: (c) => <Actions coupon={c} onDelete={onDelete} />,
      cardCell: (c) => <CardActions coupon={c} onDelete={onDelete} />,
    },
  ];
  return (
    <DataTable
      label="Coupons"
      columns={columns}
      rows={rows}
      rowKey={(c) => c.id}
      rowLabel={(c) => `Coupon ${c.coupon_code}`}
      empty={empty}
      sort={sort}
      onSortChange={onSortChange}
      minWidth={900}
      tableProps={{ horizontalSpacing: 'sm' }}
      {...state}
    />
  );
}
