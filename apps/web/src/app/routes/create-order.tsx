import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Button, Center } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconTableImport } from '@tabler/icons-react';
import { CATEGORIES, messages, orderMessages, roleCan } from '@copydesk/shared';
import { useCategories } from '@/features/catalog/api/get-categories';
import { ensureProduct, useProductsByName } from '@/features/catalog/api/get-product';
import { useProducts } from '@/features/catalog/api/get-products';
import { ProductGrid } from '@/features/catalog/components/product-grid';
import { useOrder } from '@/features/orders/api/get-order';
import { useProjects } from '@/features/orders/api/get-projects';
import { BulkOrderModal } from '@/features/orders/components/bulk-order-modal';
import { FirstOrderGuide } from '@/features/orders/components/first-order-guide';
import { LeaveConfirmModal } from '@/features/orders/components/leave-confirm-modal';
import { OrderForm } from '@/features/orders/components/order-form';
import { useLeaveGuard } from '@/features/orders/hooks/use-leave-guard';
import { useOrderForm } from '@/features/orders/hooks/use-order-form';
import { fromContent } from '@/features/orders/lib/order-form-state';
import { useSession } from '@/lib/auth';
import { notify } from '@/lib/notify';
import { reportServerError } from '@/lib/server-errors';
import { focusPageHeading } from '@/lib/page-heading';
import { LoadingIndicator } from '@/components/ui/loading-indicator';

/** After a failed load the user is sent back after 500 ms. */
const ERROR_BACK_MS = 500;

/** A `?redirect=` target inside this app, or null. */
function safeRedirect(value: string | null): string | null {
  return value && value.startsWith('/') && !value.startsWith('//') ? value : null;
}

/** /create and /create/{id}: the type grid (step 1), then the order brief (step 2). */
export function CreateOrderRoute() {
  const params = useParams();
  const editingId = params.id === undefined ? null : /^\d+$/.test(params.id) ? Number(params.id) : NaN;
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const { user, role } = useSession();

  const products = useProducts();
  const categories = useCategories();
  const projects = useProjects(roleCan(role, 'orders.create'));
  const form = useOrderForm();
  const { start, load, reset } = form;
  const catalog = useProductsByName(form.types);
  const order = useOrder(editingId !== null && editingId > 0 ? editingId : null);

  const [step, setStep] = useState<1 | 2>(editingId === null ? 1 : 2);
  const [choosing, setChoosing] = useState<string | null>(null);
  const [bulkOpen, setBulkOpen] = useState(false);
  const [confirmRestart, setConfirmRestart] = useState(false);
  const loaded = useRef(false);
  // A step changed by the user: its heading takes focus once drawn (the button that was used is gone).
  const stepChanged = useRef(false);
  const { blocker, allowNextLeave } = useLeaveGuard(form.dirty);

  const loadProduct = useCallback((name: string) => ensureProduct(queryClient, name), [queryClient]);

  // /create/{id}: an unpaid order of the customer comes back into the form, once.
  useEffect(() => {
    if (editingId === null || loaded.current) return;
    const back = (say: () => void) => {
      loaded.current = true;
      say();
      setTimeout(() => navigate('/order', { replace: true }), ERROR_BACK_MS);
    };
    if (Number.isNaN(editingId)) return back(() => notify.error(messages.notFound));
    if (order.error) return back(() => reportServerError(order.error));
    if (!order.data) return;
    if (!order.data.order.unpaid || !roleCan(role, 'orders.create')) return back(() => notify.info(orderMessages.orderPaidLocked));
    loaded.current = true;
    load(order.data.content.map(fromContent));
  }, [editingId, order.data, order.error, role, navigate, load]);

  useEffect(() => {
    if (!stepChanged.current) return;
    stepChanged.current = false;
    focusPageHeading();
  }, [step]);

  const choose = async (name: string) => {
    setChoosing(name);
    try {
      const product = await loadProduct(name);
      start(name, product.productwordcount[0] ?? null);
      stepChanged.current = true;
      setStep(2);
      window.scrollTo({ top: 0 });
    } catch (error) {
      reportServerError(error);
    } finally {
      setChoosing(null);
    }
  };

  const restart = () => {
    setConfirmRestart(false);
    reset();
    stepChanged.current = true;
    setStep(1);
  };

  const previous = () => {
    if (editingId !== null) return navigate('/order');
    if (form.dirty) return setConfirmRestart(true);
    restart();
  };

  const saved = (orderId: number) => {
    allowNextLeave();
    navigate(safeRedirect(searchParams.get('redirect')) ?? `/payment/${orderId}`);
  };

  const leaveModal = (
    <>
      <LeaveConfirmModal opened={blocker.state === 'blocked'} onStay={() => blocker.reset?.()} onLeave={() => blocker.proceed?.()} />
      <LeaveConfirmModal opened={confirmRestart} onStay={() => setConfirmRestart(false)} onLeave={restart} />
    </>
  );

  if (step === 1) {
    return (
      <>
        <ProductGrid
          products={products.data}
          loading={products.isPending}
          error={products.isError}
          onRetry={() => void products.refetch()}
          onChoose={(name) => void choose(name)}
          busy={choosing}
          actions={
            <Button variant="light" leftSection={<IconTableImport size={18} aria-hidden />} onClick={() => setBulkOpen(true)}>
              Ordering in bulk
            </Button>
          }
        />
        <BulkOrderModal
          opened={bulkOpen}
          onClose={() => setBulkOpen(false)}
          orderTypes={products.data?.map((p) => p.name) ?? []}
          onOrdered={(id) => {
            allowNextLeave();
            navigate(`/payment/${id}`);
          }}
        />
        {user && <FirstOrderGuide userId={user.id} orderCount={user.order_count} enabled={roleCan(role, 'orders.create')} />}
        {leaveModal}
      </>
    );
  }

  if (!products.data || form.items.length === 0) {
    return (
      <Center mih={320}>
        <LoadingIndicator label="Loading the order" />
      </Center>
    );
  }

  return (
    <>
      <OrderForm
        form={form}
        products={products.data}
        catalog={catalog}
        categories={categories.data ?? [...CATEGORIES]}
        projects={projects.data ?? []}
        loadProduct={loadProduct}
        editingId={editingId}
        onPrevious={previous}
        onSaved={saved}
      />
      {leaveModal}
    </>
  );
}
