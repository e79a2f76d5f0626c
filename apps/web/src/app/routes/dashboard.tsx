import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/SimpleGrid.css';
import { IconCircleCheck, IconPlus, IconUsers, IconUsersPlus } from '@tabler/icons-react';
import { managementScreenMessages, messages, roleCan, type Role, type User } from '@copydesk/shared';
import { BalanceCard } from '@/features/billing/components/billing-cards';
import { LazyAddBalanceModal, LazyAdminAddBalanceModal } from '@/features/billing/components/lazy-add-balance-modal';
import { ReviewQueueCard } from '@/features/content/components/review-queue-card';
import { AdminFigures } from '@/features/dashboard/components/admin-figures';
import { FigureCard } from '@/features/dashboard/components/figure-card';
import { UnassignedItems } from '@/features/dashboard/components/unassigned-items';
import { LazyWelcomeGuide } from '@/features/dashboard/components/lazy-welcome-guide';
import { LazyLocationSelects } from '@/features/geo/components/lazy-location-selects';
import { useOrderCount } from '@/features/orders/api/get-order-count';
import { OrderStatusLinks } from '@/features/orders/components/order-status-links';
import { RecentOrders } from '@/features/orders/components/recent-orders';
import { useUserCount } from '@/features/users/api/get-user-count';
import { useSession } from '@/lib/auth';
import { useFormattedPhone } from '@/lib/use-formatted-phone';

const SUBTITLE: Record<Role, string> = {
  admin: messages.dashboardSubtitleAdmin,
  agency: messages.dashboardSubtitleAgency,
  associate: messages.dashboardSubtitleAssociate,
};

function Detail({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text>{value || '—'}</Text>
    </div>
  );
}

function AccountCard({ user }: { user: User }) {
  const since = user.created_at ? new Date(user.created_at).toLocaleDateString(undefined, { dateStyle: 'long' }) : null;
  const card = useRef<HTMLDivElement>(null);
  const phone = useFormattedPhone(user.phoneNumber, user.countryCode, card);
  return (
    <Card ref={card} withBorder radius="lg" padding="lg">
      <Group justify="space-between" mb="md">
        <Title order={2} fz="lg">
          Your account
        </Title>
        <Anchor component={Link} to="/my-account" size="sm">
          Edit profile
        </Anchor>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
        <Detail label="Email" value={user.email} />
        <Detail label="Company" value={user.company_name} />
        <Detail label="Role / Designation" value={user.role_designation} />
        <Detail label="Phone" value={phone} />
        <Detail label="Group" value={user.group} />
        <Detail label="Member since" value={since} />
      </SimpleGrid>
    </Card>
  );
}

/**
 * The figures under the order links (both of the original portal's dashboard variants in one): completed
 * orders for everyone, the wallet for customers (Add Balance for agencies only) and the user count
 * with Add Users for admins and agencies. In-progress orders are the In Progress link above.
 */
function AccountFigures({ user, role, onAddBalance }: { user: User; role: Role; onAddBalance: () => void }) {
  const completed = useOrderCount('approved');
  const showWallet = roleCan(role, 'wallet.view');
  const showUsers = roleCan(role, 'users.manage');
  const users = useUserCount(showUsers);
  const boxes = 1 + (showWallet ? 1 : 0) + (showUsers ? 1 : 0);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: boxes }} spacing="md">
      <FigureCard
        label="Completed Orders"
        value={completed.data}
        loading={completed.isPending}
        error={completed.isError ? completed.error.message : null}
        note="Every item approved"
        color="green"
        icon={<IconCircleCheck size={24} />}
      />
      {showWallet && <BalanceCard userId={user.id} onAddBalance={roleCan(role, 'wallet.topup') ? onAddBalance : undefined} />}
      {showUsers && (
        <FigureCard
          label="Users"
          value={users.data}
          loading={users.isPending}
          error={users.isError ? users.error.message : null}
          note={roleCan(role, 'tenants.all') ? 'Agencies, associates and admins' : 'You and your associates'}
          color="violet"
          icon={<IconUsers size={24} />}
          action={
            <Button component={Link} to="/management?add=1" variant="light" fullWidth leftSection={<IconUsersPlus size={16} aria-hidden />}>
              {managementScreenMessages.addUsers}
            </Button>
          }
        />
      )}
    </SimpleGrid>
  );
}

/**
 * /dashboard: greets the user; for admins the operation's figures and the unassigned items; order counts; completed orders,
 * the wallet and the users; what waits for review (customers); recent orders; the account.
 */
export function DashboardRoute() {
  const { user, role } = useSession();
  const [addingBalance, setAddingBalance] = useState(false);
  if (!user || !role) return null;
  return (
    <Stack gap="xl" maw={1100}>
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 26, sm: 30 }}>
            {messages.welcomeUser(user.name)}
          </Title>
          <Text c="dimmed">{SUBTITLE[role]}</Text>
        </Stack>
        {roleCan(role, 'orders.create') && (
          <Button component={Link} to="/create" leftSection={<IconPlus size={18} aria-hidden />}>
            Place an Order
          </Button>
        )}
      </Group>
      {roleCan(role, 'dashboard.adminStats') && (
        <>
          <AdminFigures />
          <UnassignedItems />
        </>
      )}
      <OrderStatusLinks />
      <AccountFigures user={user} role={role} onAddBalance={() => setAddingBalance(true)} />
      {roleCan(role, 'content.review') && <ReviewQueueCard />}
      <RecentOrders isAdmin={!roleCan(role, 'orders.pay')} />
      <AccountCard user={user} />
      <LazyWelcomeGuide
        user={user}
        role={role}
        onAddBalance={roleCan(role, 'wallet.topup') || roleCan(role, 'wallet.credit') ? () => setAddingBalance(true) : undefined}
      />
      {roleCan(role, 'wallet.topup') && (
        <LazyAddBalanceModal
          opened={addingBalance}
          onClose={() => setAddingBalance(false)}
          userId={user.id}
          renderLocation={(props) => <LazyLocationSelects {...props} />}
        />
      )}
      {roleCan(role, 'wallet.credit') && <LazyAdminAddBalanceModal opened={addingBalance} onClose={() => setAddingBalance(false)} />}
    </Stack>
  );
}
