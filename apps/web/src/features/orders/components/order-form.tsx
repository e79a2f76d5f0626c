import { useState } from 'react';
import { Accordion, ActionIcon, Box, Button, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconArrowLeft, IconCopy, IconPlus, IconTrash } from '@tabler/icons-react';
import { formatMoney, messages, type ProductDetail, type ProductSummary } from '@copydesk/shared';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useCreateOrder } from '../api/create-order';
import type { PastProject } from '../api/get-projects';
import type { OrderFormController } from '../hooks/use-order-form';
import { buildCreatePayload, newItem, newItemKey, validateItems } from '../lib/order-form-state';
import { ContentTypeModal } from './content-type-modal';
import { OrderItemFields } from './order-item-fields';
import { OrderSteps } from './order-steps';
import classes from './order-form.module.css';

type OrderFormProps = {
  form: OrderFormController;
  products: ProductSummary[];
  /** Tiers and add-ons of the types in use, by name. */
  catalog: Map<string, ProductDetail>;
  categories: string[];
  projects: PastProject[];
  /** Loads a type's tiers (for the first word count of a new item). */
  loadProduct: (name: string) => Promise<ProductDetail>;
  /** The unpaid order being edited, or null for a new one. */
  editingId: number | null;
  onPrevious: () => void;
  onSaved: (orderId: number) => void;
};

/** `articlesData.2.category` → item 2, field category. */
function serverIssues(error: ApiError): Map<number, string[]> {
  const found = new Map<number, string[]>();
  for (const key of Object.keys(error.errors)) {
    const match = /^articlesData\.(\d+)\.(\w+)/.exec(key);
    if (!match) continue;
    const index = Number(match[1]);
    const field = match[2] === 'keywords' ? 'keyword' : match[2]!;
    found.set(index, [...(found.get(index) ?? []), field]);
  }
  return found;
}

/** Step 2 of the order form: the items accordion, the steps sidebar and the bottom bar (spec §2, §4, §5). */
export function OrderForm({ form, products, catalog, categories, projects, loadProduct, editingId, onPrevious, onSaved }: OrderFormProps) {
  const { items, dispatch, totalCents } = form;
  const create = useCreateOrder();
  const [open, setOpen] = useState<string[]>(() => (items[0] ? [String(items[0].key)] : []));
  const [choosing, setChoosing] = useState(false);
  const productNames = products.map((p) => p.name);

  const addItem = async (name: string) => {
    setChoosing(false);
    let firstTier = null;
    try {
      const product = catalog.get(name) ?? (await loadProduct(name));
      firstTier = product.productwordcount[0] ?? null;
    } catch {
      // The word count stays empty; the item's own select loads the tiers again.
    }
    const item = newItem(name, firstTier);
    dispatch({ type: 'add', item });
    setOpen((keys) => [...keys, String(item.key)]);
  };

  const next = () => {
    if (create.isPending) return;
    const issues = validateItems(items);
    if (issues.size) {
      dispatch({ type: 'markIssues', issues: new Map([...issues].map(([i, list]) => [i, list.map((issue) => issue.field)])) });
      const all = [...issues.values()].flat();
      notify.info((all.find((issue) => issue.message === messages.highlightedRequired) ?? all[0]!).message);
      setOpen((keys) => [...new Set([...keys, ...[...issues.keys()].map((i) => String(items[i]!.key))])]);
      return;
    }
    create.mutate(buildCreatePayload(items, editingId), {
      onSuccess: (res) => {
        notify.success(res.message);
        onSaved(res.order.id);
      },
      onError: (error) => {
        if (!(error instanceof ApiError)) return notify.error(messages.serverError);
        const marks = serverIssues(error);
        if (marks.size) {
          dispatch({ type: 'markIssues', issues: marks });
          setOpen((keys) => [...new Set([...keys, ...[...marks.keys()].filter((i) => items[i]).map((i) => String(items[i]!.key))])]);
        }
        const list = [...new Set(Object.values(error.fieldErrors()))];
        notify.errorList(list.length ? list : [error.message]);
      },
    });
  };

  const clone = (index: number) => {
    const key = newItemKey();
    dispatch({ type: 'clone', index, key });
    setOpen((keys) => [...keys, String(key)]);
  };

  return (
    <Stack gap="lg" pb={96}>
      <Group gap="sm" wrap="nowrap">
        <ActionIcon variant="subtle" color="gray" size="lg" onClick={onPrevious} aria-label={editingId ? 'Back to orders' : 'Back to order types'}>
          <IconArrowLeft size={22} aria-hidden />
        </ActionIcon>
        <div>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {editingId ? `Edit Order ${editingId}` : 'Order Brief'}
          </Title>
          <Text c="dimmed" size="sm">
            Describe each piece of content. Fields marked * are required.
          </Text>
        </div>
      </Group>

      <div className={classes.layout}>
        <Stack gap="md" miw={0}>
          <Accordion multiple value={open} onChange={setOpen} variant="separated" radius="lg" chevronPosition="left">
            {items.map((item, index) => (
              <Accordion.Item key={item.key} value={String(item.key)} className={classes.item} data-invalid={item.validationStatus ? undefined : true}>
                <Group gap={4} wrap="nowrap" pr="sm">
                  <Accordion.Control className={classes.control}>
                    <Group justify="space-between" style={{ gap: '2px var(--mantine-spacing-sm)' }}>
                      <Text fw={600}>
                        Item {index + 1}: {item.orderType}
                      </Text>
                      <Text size="sm" c="dimmed" className={classes.nowrap}>
                        {item.wordCount ? `${item.wordCount.word} · ` : ''}
                        {formatMoney(item.contentTotal)}
                      </Text>
                    </Group>
                  </Accordion.Control>
                  <Tooltip label="Clone item">
                    <ActionIcon variant="subtle" color="gray" onClick={() => clone(index)} aria-label={`Clone item ${index + 1}`}>
                      <IconCopy size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                  {index > 0 && (
                    <Tooltip label="Remove item">
                      <ActionIcon variant="subtle" color="red" onClick={() => dispatch({ type: 'remove', index })} aria-label={`Remove item ${index + 1}`}>
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
                <Accordion.Panel>
                  <OrderItemFields
                    item={item}
                    index={index}
                    dispatch={dispatch}
                    productNames={productNames}
                    product={catalog.get(item.orderType)}
                    categories={categories}
                    projects={projects}
                  />
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
          <Group>
            <Button variant="light" leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setChoosing(true)}>
              Add Another Item
            </Button>
          </Group>
        </Stack>
        <Box visibleFrom="md" className={classes.sidebar}>
          <OrderSteps active={0} />
        </Box>
      </div>

      <div className={classes.bottomBar} role="region" aria-label="Order summary">
        <Group gap="xl" wrap="nowrap">
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Order Items
            </Text>
            <Text fw={700} data-testid="order-item-count">
              {items.length}
            </Text>
          </div>
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Order Total
            </Text>
            <Text fw={700} data-testid="order-total">
              {formatMoney(totalCents)}
            </Text>
          </div>
        </Group>
        <Group gap="sm" wrap="nowrap">
          <Button variant="default" onClick={onPrevious} disabled={create.isPending}>
            Previous
          </Button>
          <Button onClick={next} loading={create.isPending}>
            Next
          </Button>
        </Group>
      </div>

      <ContentTypeModal opened={choosing} products={products} onClose={() => setChoosing(false)} onChoose={(name) => void addItem(name)} />
    </Stack>
  );
}
