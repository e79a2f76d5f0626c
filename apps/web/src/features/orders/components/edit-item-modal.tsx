import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  dollarsToCents,
  formatMoney,
  MAX_KEYWORDS,
  messages,
  splitKeywords,
  updateContentSchema,
  type ContentItem,
  type ProductDetail,
} from '@copydesk/shared';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useUpdateContent } from '../api/update-content';
import { NO_ADDON } from '../lib/order-form-state';

const cents = (dollars: number | undefined) => dollarsToCents(dollars ?? 0) ?? 0;

type EditItemModalProps = {
  /** The item being edited; null closes the dialog. */
  item: ContentItem | null;
  /** Tiers and add-ons of the item's type. */
  product: ProductDetail | undefined;
  onClose: () => void;
};

type Values = { word: string | null; addOn: string; keyword: string; articleTitle: string; description: string };

function EditItemForm({ item, product, onClose }: { item: ContentItem; product: ProductDetail | undefined; onClose: () => void }) {
  const update = useUpdateContent();
  const [values, setValues] = useState<Values>({
    word: item.word_count,
    addOn: item.addOn ?? NO_ADDON,
    keyword: item.keywords ?? '',
    articleTitle: item.article_title ?? '',
    description: item.description ?? '',
  });
  const [invalid, setInvalid] = useState<string[]>([]);
  // Type, word count and add-on of a paid item are fixed (spec §4 "Item edit").
  const priceLocked = item.status !== 'Unpaid';

  const tiers = product?.productwordcount ?? [];
  const addons = product?.productAddon ?? [];
  const tier = tiers.find((t) => t.title === values.word);
  const addon = addons.find((a) => a.value === values.addOn);
  const priceCents = tier ? cents(tier.price) + (addon && addon.value !== NO_ADDON ? cents(addon.price) : 0) : (dollarsToCents(item.cost) ?? 0);

  const set = (patch: Partial<Values>) => {
    setValues((v) => ({ ...v, ...patch }));
    setInvalid((list) => list.filter((f) => !Object.keys(patch).some((k) => k === f || (k === 'word' && f === 'wordCount'))));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    const body = {
      wordCount: values.word ? { word: values.word, price: tier?.price ?? null } : null,
      addOns: values.addOn && values.addOn !== NO_ADDON ? { addOn: values.addOn, price: addon?.price ?? null } : null,
      keyword: values.keyword.trim(),
      articleTitle: values.articleTitle.trim(),
      description: values.description.trim(),
    };
    const parsed = updateContentSchema.safeParse(body);
    if (!parsed.success) {
      setInvalid(parsed.error.issues.map((issue) => String(issue.path[0])));
      notify.info(parsed.error.issues[0]!.message);
      return;
    }
    update.mutate(
      { id: item.id, body },
      {
        onSuccess: (res) => {
          notify.success(res.message || messages.success);
          onClose();
        },
        onError: (error) => {
          if (!(error instanceof ApiError)) return notify.error(messages.serverError);
          setInvalid(Object.keys(error.fieldErrors()));
          notify.errorList(error.allMessages);
        },
      },
    );
  };

  const bad = (field: string) => invalid.includes(field);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {item.order_type} · {item.project_name ?? 'No project'}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select
            label="Word Count"
            withAsterisk
            data={tiers.map((t) => ({ value: t.title, label: `${t.title} — ${formatMoney(cents(t.price))}` }))}
            value={values.word}
            onChange={(word) => set({ word, addOn: NO_ADDON })}
            allowDeselect={false}
            disabled={priceLocked || !product}
            error={bad('wordCount')}
          />
          <Select
            label="Add-On"
            data={addons.map((a) => ({ value: a.value, label: a.value === NO_ADDON ? NO_ADDON : `${a.value} (+${formatMoney(cents(a.price))})` }))}
            value={values.addOn}
            onChange={(addOn) => set({ addOn: addOn ?? NO_ADDON })}
            allowDeselect={false}
            disabled={priceLocked || !product}
          />
        </SimpleGrid>
        <TextInput
          label="Keywords"
          withAsterisk
          description={`Up to ${MAX_KEYWORDS}, separated by ;`}
          value={values.keyword}
          error={bad('keyword')}
          onChange={(e) => {
            const keyword = e.currentTarget.value;
            if (splitKeywords(keyword).length > MAX_KEYWORDS) {
              notify.info(messages.maxKeywords);
              set({ keyword: '' });
              return;
            }
            set({ keyword });
          }}
        />
        <TextInput
          label="Title"
          withAsterisk
          value={values.articleTitle}
          error={bad('articleTitle')}
          onChange={(e) => set({ articleTitle: e.currentTarget.value })}
        />
        <Textarea
          label="Description"
          withAsterisk
          rows={4}
          resize="vertical"
          value={values.description}
          error={bad('description')}
          onChange={(e) => set({ description: e.currentTarget.value })}
        />
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
