import { useEffect, useRef, useState } from 'react';
import { Accordion, ActionIcon, Box, Button, Group, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Accordion.css';
import { IconArrowLeft, IconCopy, IconPlus, IconTrash } from '@tabler/icons-react';
import { formatMoney, type ProductDetail, type ProductSummary } from '@copydesk/shared';
import { ApiError } from '@/lib/api-client';
import { refuseOnFields } from '@/lib/form';
import { notify } from '@/lib/notify';
import { useCreateOrder } from '../api/create-order';
import type { PastProject } from '../api/get-projects';
import type { OrderFormController } from '../hooks/use-order-form';
import { buildCreatePayload, itemPath, itemsWithErrors, newItem } from '../lib/order-form-state';
import { ContentTypeModal } from './content-type-modal';
import { OrderItemFields, titleInputId } from './order-item-fields';
import { OrderSteps } from './order-steps';
import classes from './order-form.module.css';
import { Tooltip } from '@/components/ui/tooltip';

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

/** The fields the server names, with their first message: `articlesData.2.category` → `items.2.category`. */
function serverMarks(error: ApiError): Record<string, string> {
  const marks: Record<string, string> = {};
  for (const [key, message] of Object.entries(error.fieldErrors())) {
    const match = /^articlesData\.(\d+)\.(\w+)/.exec(key);
    if (match) marks[itemPath(Number(match[1]), match[2] === 'keywords' ? 'keyword' : match[2]!)] ??= message;
  }
  return marks;
}

/** Step 2 of the order form: the items accordion, the steps sidebar and the bottom bar. */
export function OrderForm({ form, products, catalog, categories, projects, loadProduct, editingId, onPrevious, onSaved }: OrderFormProps) {
  const { items, totalCents } = form;
  const { errors } = form.form;
  const create = useCreateOrder();
  const [open, setOpen] = useState<string[]>(() => (items[0] ? [String(items[0].key)] : []));
  const [choosing, setChoosing] = useState(false);
  // The item just added: its title input takes focus once drawn (focus would otherwise fall to <body>).
  const [added, setAdded] = useState<number | null>(null);
  const productNames = products.map((p) => p.name);
  const itemsRef = useRef<HTMLDivElement>(null);
  const invalidItems = itemsWithErrors(errors);

  useEffect(() => {
    if (added === null) return;
    document.getElementById(titleInputId(added))?.focus();
    setAdded(null);
  }, [added]);

  /** Opens the items that have a field in error. */
  const openItems = (indices: Iterable<number>) =>
    setOpen((keys) => [...new Set([...keys, ...[...indices].filter((i) => items[i]).map((i) => String(items[i]!.key))])]);

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
    form.add(item);
    setOpen((keys) => [...keys, String(item.key)]);
    setAdded(item.key);
  };

  const next = form.form.onSubmit(
    (values) =>
      create.mutate(buildCreatePayload(values.items, editingId), {
        onSuccess: (res) => {
          notify.success(res.message);
          onSaved(res.order.id);
        },
        // The server's messages are the central toast; the fields it names show theirs too, and
        // their items open.
        onError: (error) => {
          const marks = error instanceof ApiError ? serverMarks(error) : {};
          if (!Object.keys(marks).length) return;
          openItems(itemsWithErrors(marks));
          refuseOnFields(form.form, marks, () => itemsRef.current);
        },
      }),
    // Every field in error shows its message under it, their items open, and the first takes focus.
    (found) => {
      openItems(itemsWithErrors(found));
      refuseOnFields(form.form, found, () => itemsRef.current);
    },
  );

  const clone = (index: number) => {
    const copy = form.clone(index);
    setOpen((keys) => [...keys, String(copy.key)]);
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
        <Stack gap="md" miw={0} ref={itemsRef}>
          <Accordion multiple value={open} onChange={setOpen} variant="separated" radius="lg" chevronPosition="left">
            {items.map((item, index) => (
              <Accordion.Item key={item.key} value={String(item.key)} className={classes.item} data-invalid={invalidItems.has(index) || undefined}>
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
                      <ActionIcon variant="subtle" color="red" onClick={() => form.remove(index)} aria-label={`Remove item ${index + 1}`}>
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
                <Accordion.Panel>
                  <OrderItemFields
                    form={form}
                    item={item}
                    index={index}
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
          <Button onClick={() => !create.isPending && next()} loading={create.isPending}>
            Next
          </Button>
        </Group>
      </div>

      <ContentTypeModal opened={choosing} products={products} onClose={() => setChoosing(false)} onChoose={(name) => void addItem(name)} />
    </Stack>
  );
}
