import { Link } from 'react-router';
import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { messages, type Role, type User } from '@copydesk/shared';
import { ReviewQueueCard } from '@/features/content/components/review-queue-card';
import { WelcomeGuide } from '@/features/dashboard/components/welcome-guide';
import { OrderStatusLinks } from '@/features/orders/components/order-status-links';
import { RecentOrders } from '@/features/orders/components/recent-orders';
import { useFirstOrderRedirect } from '@/features/orders/hooks/use-first-order-redirect';
import { useSession } from '@/lib/auth';

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
  return (
    <Card withBorder radius="lg" padding="lg">
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
        <Detail label="Phone" value={user.phoneNumber} />
        <Detail label="Group" value={user.group} />
        <Detail label="Member since" value={since} />
      </SimpleGrid>
    </Card>
  );
}

/** /dashboard: greets the user, order counts, what waits for review (customers), recent orders, the account. */
export function DashboardRoute() {
  const { user, role } = useSession();
  useFirstOrderRedirect(user, role);
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
        {role !== 'admin' && (
          <Button component={Link} to="/create" leftSection={<IconPlus size={18} aria-hidden />}>
            Place an Order
          </Button>
        )}
      </Group>
      <OrderStatusLinks />
      {role !== 'admin' && <ReviewQueueCard />}
      <RecentOrders isAdmin={role === 'admin'} />
      <AccountCard user={user} />
      <WelcomeGuide userId={user.id} loginCount={user.login_count} role={role} />
    </Stack>
  );
}
