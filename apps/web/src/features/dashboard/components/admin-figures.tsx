import { SimpleGrid } from '@mantine/core';
import '@mantine/core/styles/SimpleGrid.css';
import { IconAlarm, IconBuildingStore, IconListCheck, IconWallet } from '@tabler/icons-react';
import { formatDollars } from '@copydesk/shared';
import { useAdminStats } from '../api/get-admin-stats';
import { FigureCard } from './figure-card';

/** The operator's figures: agencies, the work still open or overdue (each opening the fulfilment queue so filtered), and the money held in wallets. */
export function AdminFigures() {
  const stats = useAdminStats();
  const data = stats.data;
  const shared = { loading: stats.isPending, error: stats.isError ? stats.error.message : null };
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" component="section" aria-label="Operations">
      <FigureCard
        {...shared}
        label="Active Agencies"
        value={data ? `${data.active_agencies} of ${data.agencies}` : undefined}
        note={data ? `${data.agencies - data.active_agencies} inactive` : undefined}
        color="indigo"
        icon={<IconBuildingStore size={24} />}
      />
      <FigureCard
        {...shared}
        label="Open Items"
        value={data?.open_items}
        note="Paid and not yet approved"
        color="blue"
        icon={<IconListCheck size={24} />}
        to="/fulfilment?status=open"
      />
      <FigureCard
        {...shared}
        label="Overdue Items"
        value={data?.overdue_items}
        note="Past their due date"
        color={data && data.overdue_items > 0 ? 'red' : 'gray'}
        icon={<IconAlarm size={24} />}
        to="/fulfilment?status=overdue"
      />
      <FigureCard
        {...shared}
        label="Wallet Balances Held"
        value={data ? formatDollars(data.wallet_balance) : undefined}
        note="Every agency wallet added up"
        color="teal"
        icon={<IconWallet size={24} />}
      />
    </SimpleGrid>
  );
}
