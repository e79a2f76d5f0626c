import { lazy, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import { roleCan } from '@copydesk/shared';
import { AdminAddBalanceModal } from '@/features/billing/components/admin-add-balance-modal';
import { AdminBalanceCard, BalanceCard, PaymentMethodsCard, SpendingCard } from '@/features/billing/components/billing-cards';
import { BillingHistory } from '@/features/billing/components/billing-history';
import { InvoiceModal } from '@/features/billing/components/invoice-modal';
import { LazyAddBalanceModal } from '@/features/billing/components/lazy-add-balance-modal';
import { LazyLocationSelects } from '@/features/geo/components/lazy-location-selects';
import { useSession } from '@/lib/auth';

// recharts is the heaviest library of the app: it loads with the chart, after the rest of the screen.
const SpendingChart = lazy(() => import('@/features/billing/components/spending-chart'));

/**
 * /billing: balance, spending and cards, monthly spending, history, invoices. `?add-balance=1` (the
 * Notify Agency email's button, links from other screens) opens the Add Balance dialog at once.
 */
export function BillingRoute() {
  const { user, role } = useSession();
  const [adding, setAdding] = useState(false);
  const [viewing, setViewing] = useState<number | null>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  const askedToAdd = searchParams.get('add-balance') === '1' && (roleCan(role, 'wallet.topup') || roleCan(role, 'wallet.credit'));
  useEffect(() => {
    if (!askedToAdd) return;
    setAdding(true);
    // Once: a reload or Back does not open it again.
    setSearchParams(
      (params) => {
        params.delete('add-balance');
        return params;
      },
      { replace: true },
    );
  }, [askedToAdd, setSearchParams]);
  if (!user || !role) return null;
  const openAdd = () => setAdding(true);

  return (
    <Stack gap="xl" maw={1200}>
      <Stack gap={4}>
        <Title order={1} fz={{ base: 26, sm: 30 }}>
          Billing
        </Title>
        <Text c="dimmed">
          {roleCan(role, 'wallet.credit')
            ? 'Credit agency wallets and look up every payment and its invoice.'
            : 'Your wallet, saved cards and every payment with its invoice.'}
        </Text>
      </Stack>

      {!roleCan(role, 'wallet.view') ? (
        <AdminBalanceCard onAddBalance={openAdd} />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: roleCan(role, 'cards.view') ? 3 : 2 }} spacing="lg">
          <SpendingCard userId={user.id} />
          <BalanceCard userId={user.id} onAddBalance={roleCan(role, 'wallet.topup') ? openAdd : undefined} />
          {roleCan(role, 'cards.view') && <PaymentMethodsCard userId={user.id} />}
        </SimpleGrid>
      )}

      <Suspense fallback={<Skeleton h={330} radius="lg" />}>
        <SpendingChart />
      </Suspense>

      <BillingHistory onView={setViewing} />

      {roleCan(role, 'wallet.topup') && (
        <LazyAddBalanceModal opened={adding} onClose={() => setAdding(false)} userId={user.id} renderLocation={(props) => <LazyLocationSelects {...props} />} />
      )}
      {roleCan(role, 'wallet.credit') && <AdminAddBalanceModal opened={adding} onClose={() => setAdding(false)} />}
      <InvoiceModal paymentId={viewing} onClose={() => setViewing(null)} />
    </Stack>
  );
}
