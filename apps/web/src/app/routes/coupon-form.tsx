import { Link, useParams } from 'react-router';
import { Alert, Button, Card, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Skeleton.css';
import { IconAlertTriangle, IconArrowLeft, IconRefresh, IconTicketOff } from '@tabler/icons-react';
import { couponAdminMessages, couponScreenMessages } from '@copydesk/shared';
import { useCoupon } from '@/features/coupons/api/get-coupon';
import { CouponForm } from '@/features/coupons/components/coupon-form';
import { useSaveCoupon } from '@/features/coupons/hooks/use-save-coupon';
import { couponToForm, emptyCouponForm } from '@/features/coupons/lib/coupon-form';
import { ApiError } from '@/lib/api-client';

function Heading({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <Stack gap={4}>
      <Title order={1} fz={{ base: 26, sm: 30 }}>
        {title}
      </Title>
      <Text c="dimmed">{subtitle}</Text>
    </Stack>
  );
}

const BackToList = () => (
  <Button component={Link} to="/coupon" variant="default" leftSection={<IconArrowLeft size={18} aria-hidden />}>
    Back to coupons
  </Button>
);

/** /add-coupon (admin). */
export function AddCouponRoute() {
  const { save, saving } = useSaveCoupon();
  return (
    <Stack gap="lg">
      <Heading title="Add Coupon" subtitle="A discount code agencies can enter at checkout." />
      <CouponForm mode="create" initial={emptyCouponForm} saving={saving} onSave={save} />
    </Stack>
  );
}

/** `/edit-coupon/abc` names no coupon: treated like an unknown id, without asking the server. */
const parseId = (raw: string | undefined) => (raw && /^\d{1,10}$/.test(raw) && Number(raw) > 0 && Number(raw) <= 2_147_483_647 ? Number(raw) : null);

/** /edit-coupon/{id} (admin): the same form, the code locked, plus status. */
export function EditCouponRoute() {
  const id = parseId(useParams().id);
  const coupon = useCoupon(id);
  const { save, saving } = useSaveCoupon(id ?? undefined);

  const notFound = id === null || (coupon.error instanceof ApiError && coupon.error.status === 404);
  let body;
  if (notFound) {
    body = (
      <Card withBorder radius="lg" padding="xl" maw={820}>
        <Stack align="center" gap="sm" ta="center">
          <IconTicketOff size={40} aria-hidden color="var(--mantine-color-gray-7)" />
          <Title order={2} fz="lg">
            {couponAdminMessages.notFound}
          </Title>
          <Text c="dimmed">{couponScreenMessages.notFoundHint}</Text>
          <BackToList />
        </Stack>
      </Card>
    );
  } else if (coupon.isError) {
    body = (
      <Alert color="red" variant="light" maw={820} icon={<IconAlertTriangle size={18} aria-hidden />} title={couponScreenMessages.couponFailed}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{coupon.error.message}</Text>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconRefresh size={14} aria-hidden />}
            onClick={() => void coupon.refetch()}
            loading={coupon.isFetching}
          >
            Retry
          </Button>
        </Stack>
      </Alert>
    );
  } else if (!coupon.data) {
    body = (
      <Stack aria-busy="true" maw={820}>
        <VisuallyHidden role="status">Loading the coupon…</VisuallyHidden>
        <Skeleton h={420} radius="lg" />
      </Stack>
    );
  } else {
    const data = coupon.data.data;
    body = <CouponForm key={data.id} mode="edit" initial={couponToForm(data)} used={data.used} saving={saving} onSave={save} />;
  }

  return (
    <Stack gap="lg">
      <Heading
        title="Edit Coupon"
        subtitle={coupon.data ? `Coupon ${coupon.data.data.coupon_code}: change its terms or switch it off.` : 'Change a coupon’s terms or switch it off.'}
      />
      {body}
    </Stack>
  );
}
