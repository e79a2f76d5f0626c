import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ActionIcon, Alert, Button, Card, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/Skeleton.css';
import { useQueryClient } from '@tanstack/react-query';
import { IconAlertTriangle, IconArrowLeft, IconLock } from '@tabler/icons-react';
import { amountToCents, billingMessages, formatMoney, messages, RELOAD_AFTER_SAVE_MS, roleCan } from '@copydesk/shared';
import { useAvailableBalance } from '@/features/billing/api/get-available-balance';
import { useSavedCards } from '@/features/billing/api/get-saved-cards';
import { DownloadInvoiceButton } from '@/features/billing/components/download-invoice-button';
import { LazyAddBalanceModal } from '@/features/billing/components/lazy-add-balance-modal';
import { PaymentMethodFields } from '@/features/billing/components/payment-method-fields';
import { usePaymentMethod } from '@/features/billing/hooks/use-payment-method';
import { LocationSelects } from '@/features/geo/components/location-selects';
import { usePaymentOrder } from '@/features/orders/api/get-order';
import { ConfirmationModal } from '@/features/payment/components/confirmation-modal';
import { CouponBox } from '@/features/payment/components/coupon-box';
import { OrderSummary } from '@/features/payment/components/order-summary';
import { PaymentSteps } from '@/features/payment/components/payment-steps';
import { TermsCheckbox } from '@/features/payment/components/terms-checkbox';
import { useCheckout } from '@/features/payment/hooks/use-checkout';
import { useCoupon } from '@/features/payment/hooks/use-coupon';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { notify } from '@/lib/notify';
import { reportServerError } from '@/lib/server-errors';
import { queryKeys } from '@/lib/query-keys';

/** Only paths of this app are followed from `?redirect=`. */
const safeRedirect = (value: string | null) => (value && value.startsWith('/') && !value.startsWith('//') ? value : '/order');

/** /payment/{id}: coupon, wallet or card, terms, pay, confirmation (docs/decisions/0005-card-payments-in-three-steps.md). */
export function PaymentRoute() {
  const params = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user, role } = useSession();
  const orderId = /^\d{1,10}$/.test(params.id ?? '') ? Number(params.id) : null;
  const leaveTo = safeRedirect(search.get('redirect'));
  const verified = Boolean(user?.email_verified_at);
  const walletOnly = !roleCan(role, 'orders.pay.card');
  // "Add Balance?" tops the wallet up here, over this order: the balance shown follows the top-up.
  const [addingBalance, setAddingBalance] = useState(false);
  const canTopUp = roleCan(role, 'wallet.topup');

  const order = usePaymentOrder(verified ? orderId : null);
  const balance = useAvailableBalance(user?.id);
  const cards = useSavedCards(user?.id, roleCan(role, 'orders.pay.card'));
  const coupon = useCoupon(order.data ? amountToCents(order.data.total) : 0);
  const balanceCents = balance.data ? amountToCents(balance.data.balance) : null;
  const method = usePaymentMethod({
    walletOnly,
    savedCards: cards.data?.data,
    walletShort: balanceCents === null || balanceCents < coupon.dueCents,
    // The method is chosen for the user once the amount, the balance and the saved cards are known.
    ready: Boolean(order.data) && (balance.data !== undefined || balance.isError) && (walletOnly || cards.data !== undefined || cards.isError),
    lastBilling: cards.data?.billing_address,
  });
  // The payment form: a refused Pay focuses its first invalid field, never the coupon box beside it.
  const payForm = useRef<HTMLDivElement>(null);
  const checkout = useCheckout({
    formRoot: () => payForm.current,
    orderId: orderId ?? 0,
    coupon,
    buildPayment: method.build,
    onPaid: () => void queryClient.invalidateQueries({ queryKey: queryKeys.billing.all }),
    onDeclined: method.showDecline,
  });
  // Said under the button when the chosen method cannot pay and the panel does not say why already.
  const payHint = method.blocker === messages.selectWallet || method.blocker === messages.selectSavedCard ? method.blocker : null;

  const loadError = order.error;
  const paidAlready = Boolean(order.data && !order.data.order.unpaid && !checkout.confirmation);

  useEffect(() => {
    if (!verified) notify.info(messages.verifyToViewOrder);
  }, [verified]);

  useEffect(() => {
    if (orderId === null) navigate(leaveTo, { replace: true });
  }, [orderId, leaveTo, navigate]);

  // An order that is not unpaid cannot be paid again (admins never reach this screen).
  useEffect(() => {
    if (!paidAlready) return;
    notify.info(billingMessages.alreadyPaid);
    navigate(leaveTo, { replace: true });
  }, [paidAlready, leaveTo, navigate]);

  // Load failure: the server's message, then back. Unverified users stay and read why.
  useEffect(() => {
    if (!loadError) return;
    reportServerError(loadError);
    if (loadError instanceof ApiError && loadError.code === 'order.email_unverified') return;
    const timer = setTimeout(() => navigate(leaveTo, { replace: true }), RELOAD_AFTER_SAVE_MS);
    return () => clearTimeout(timer);
  }, [loadError, leaveTo, navigate]);

  if (!user || !role || orderId === null) return null;

  const header = (
    <Group gap="sm" wrap="nowrap">
      <ActionIcon component={Link} to={`/create/${orderId}`} variant="subtle" color="gray" size="lg" aria-label="Back to the order brief">
        <IconArrowLeft size={22} aria-hidden />
      </ActionIcon>
      <div>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Payment
        </Title>
        <Text c="dimmed" size="sm">
          Order #{orderId}
        </Text>
      </div>
    </Group>
  );

  const blocked = !verified ? messages.verifyToViewOrder : loadError?.message;
  if (blocked) {
    return (
      <Stack gap="lg" maw={1280}>
        {header}
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} maw={640}>
          {blocked}
        </Alert>
      </Stack>
    );
  }

  return (
    <Stack gap="lg" maw={1280}>
      {header}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 3 }}>
          <PaymentSteps active={checkout.confirmation ? 3 : 1} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7, lg: 5 }} order={{ base: 3, md: 2 }}>
          <Card withBorder radius="lg" padding="lg" ref={payForm}>
            <Stack gap="lg">
              <Title order={2} fz="lg">
                Payment Method
              </Title>
              <PaymentMethodFields
                method={method}
                balance={balance.data?.balance}
                savedCards={cards.data?.data}
                savedCardsLoading={cards.isLoading}
                renderLocation={(props) => <LocationSelects {...props} />}
                orderId={orderId}
                onAddBalance={canTopUp ? () => setAddingBalance(true) : undefined}
              />
              <TermsCheckbox checked={checkout.terms} invalid={checkout.termsInvalid} onChange={checkout.setTerms} />
              <Stack gap="xs">
                <Button
                  size="md"
                  fullWidth
                  h="auto"
                  mih={42}
                  py={8}
                  styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
                  leftSection={<IconLock size={18} aria-hidden />}
                  loading={checkout.paying}
                  disabled={!order.data || Boolean(checkout.confirmation) || method.blocker !== null}
                  aria-describedby={payHint ? 'pay-hint' : undefined}
                  onClick={checkout.submit}
                >
                  {/* No amount until the order has loaded: never "Pay $0.00". */}
                  {walletOnly ? 'Pay with your Available Balance' : order.data ? `Pay ${formatMoney(coupon.dueCents)}` : 'Pay'}
                </Button>
                {payHint && (
                  <Text id="pay-hint" size="sm" c="dimmed" ta="center">
                    {payHint}
                  </Text>
                )}
                <Button
                  component={Link}
                  to={`/create/${orderId}`}
                  variant="subtle"
                  color="gray"
                  leftSection={<IconArrowLeft size={16} aria-hidden />}
                  style={{ alignSelf: 'flex-start' }}
                >
                  Previous
                </Button>
              </Stack>
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }} order={{ base: 2, md: 3 }}>
          {order.data ? (
            <OrderSummary order={order.data} coupon={coupon} paid={Boolean(checkout.confirmation)}>
              {!checkout.confirmation && <CouponBox coupon={coupon} />}
            </OrderSummary>
          ) : (
            <Skeleton h={320} radius="lg" />
          )}
        </Grid.Col>
      </Grid>
      {canTopUp && (
        <LazyAddBalanceModal
          opened={addingBalance}
          onClose={() => setAddingBalance(false)}
          userId={user.id}
          renderLocation={(props) => <LocationSelects {...props} />}
        />
      )}
      <ConfirmationModal
        confirmation={checkout.confirmation}
        onViewOrder={() => navigate(`/items/${orderId}`)}
        onClose={() => navigate('/order')}
        invoiceButton={(paymentId) => <DownloadInvoiceButton paymentId={paymentId} variant="default" />}
      />
    </Stack>
  );
}
