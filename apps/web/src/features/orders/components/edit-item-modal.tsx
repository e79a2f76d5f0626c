import { Button, Group, Modal, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Select } from '@/components/ui/select';
import { useForm } from '@mantine/form';
import {
  amountToCents,
  formatDollars,
  formatMoney,
  MAX_KEYWORDS,
  messages,
  splitKeywords,
  updateContentSchema,
  type ContentItem,
  type ProductDetail,
} from '@copydesk/shared';
import { ApiError } from '@/lib/api-client';
import { ariaInvalid, refuseWithToast, schemaErrors } from '@/lib/form';
import { notify } from '@/lib/notify';
import { useUpdateContent, type UpdateContentInput } from '../api/update-content';
import { NO_ADDON } from '../lib/order-form-state';

type EditItemModalProps = {
  /** The item being edited; null closes the dialog. */
  item: ContentItem | null;
  /** Tiers and add-ons of the item's type. */
  product: ProductDetail | undefined;
  onClose: () => void;
};

type Values = { word: string | null; addOn: string; keyword: string; articleTitle: string; description: string };

/** Payload keys whose problems show on another field of the form. */
const RENAME: Record<string, keyof Values> = { wordCount: 'word' };

function EditItemForm({ item, product, onClose }: { item: ContentItem; product: ProductDetail | undefined; onClose: () => void }) {
  const update = useUpdateContent();
  const tiers = product?.productwordcount ?? [];
  const addons = product?.productAddon ?? [];
  // PATCH /content/{id}'s body, with the prices of the chosen tier and add-on.
  const toBody = (values: Values): UpdateContentInput => {
    const tier = tiers.find((t) => t.title === values.word);
    const addon = addons.find((a) => a.value === values.addOn);
    return {
      wordCount: values.word ? { word: values.word, price: tier?.price ?? null } : null,
      addOns: values.addOn && values.addOn !== NO_ADDON ? { addOn: values.addOn, price: addon?.price ?? null } : null,
      keyword: values.keyword.trim(),
      articleTitle: values.articleTitle.trim(),
      description: values.description.trim(),
    };
  };
  const form = useForm<Values, UpdateContentInput>({
    initialValues: {
      word: item.word_count,
      addOn: item.addOn ?? NO_ADDON,
      keyword: item.keywords ?? '',
      articleTitle: item.article_title ?? '',
      description: item.description ?? '',
    },
    transformValues: toBody,
    // The contract's rules; refused fields turn red and its first message is the toast.
    validate: (values) => schemaErrors(updateContentSchema, toBody(values), RENAME),
    enhanceGetInputProps: ariaInvalid,
  });
  // Type, word count and add-on of a paid item are fixed (docs/decisions/0007-refunds.md).
  const priceLocked = item.status !== 'Unpaid';

  const tier = tiers.find((t) => t.title === form.values.word);
  const addon = addons.find((a) => a.value === form.values.addOn);
  const priceCents = tier ? amountToCents(tier.price) + (addon && addon.value !== NO_ADDON ? amountToCents(addon.price) : 0) : amountToCents(item.cost);

  const submit = (body: UpdateContentInput) => {
    if (update.isPending) return;
    update.mutate(
      { id: item.id, body },
      {
        onSuccess: (res) => {
          notify.success(res.message || messages.success);
          onClose();
        },
        // The server's messages are the central toast; the fields it names turn red.
        onError: (error) => {
          const named = error instanceof ApiError ? Object.keys(error.fieldErrors()) : [];
          form.setErrors(Object.fromEntries(named.map((key) => [RENAME[key] ?? key, true])));
        },
      },
    );
  };

  return (
    <form onSubmit={form.onSubmit(submit, (errors) => refuseWithToast(form, errors))} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {item.order_type} · {item.project_name ?? 'No project'}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select
            label="Word Count"
            withAsterisk
            data={tiers.map((t) => ({ value: t.title, label: `${t.title} — ${formatDollars(t.price)}` }))}
            {...form.getInputProps('word')}
            // Another tier starts without an add-on.
            onChange={(word) => {
              form.setFieldValue('word', word);
              form.setFieldValue('addOn', NO_ADDON);
            }}
            allowDeselect={false}
            disabled={priceLocked || !product}
          />
          <Select
            label="Add-On"
            data={addons.map((a) => ({ value: a.value, label: a.value === NO_ADDON ? NO_ADDON : `${a.value} (+${formatDollars(a.price)})` }))}
            {...form.getInputProps('addOn')}
            allowDeselect={false}
            disabled={priceLocked || !product}
          />
        </SimpleGrid>
        <TextInput
          label="Keywords"
          withAsterisk
          description={`Up to ${MAX_KEYWORDS}, separated by ;`}
          {...form.getInputProps('keyword')}
          onChange={(e) => {
            const keyword = e.currentTarget.value;
            const tooMany = splitKeywords(keyword).length > MAX_KEYWORDS;
            // One keyword too many empties the field and says so.
            if (tooMany) notify.info(messages.maxKeywords);
            form.setFieldValue('keyword', tooMany ? '' : keyword);
          }}
        />
        <TextInput label="Title" withAsterisk {...form.getInputProps('articleTitle')} />
        <Textarea label="Description" withAsterisk rows={4} resize="vertical" {...form.getInputProps('description')} />
        <Group justify="space-between">
          <Text>
            Price: <b data-testid="edit-item-price">{formatMoney(priceCents)}</b>
          </Text>
          <Group gap="sm">
            <Button variant="default" onClick={onClose} disabled={update.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending}>
              Save
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

/** Admin: edits an item that is not Approved; the price follows the tier and add-on. */
export function EditItemModal({ item, product, onClose }: EditItemModalProps) {
  return (
    <Modal
      opened={item !== null}
      onClose={onClose}
      title={
        <Text component="span" fw={700} fz="lg">
          Edit item {item?.id}
        </Text>
      }
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Close item editor' }}
    >
      {item && <EditItemForm key={item.id} item={item} product={product} onClose={onClose} />}
    </Modal>
  );
}
