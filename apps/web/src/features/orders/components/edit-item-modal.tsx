import { useRef } from 'react';
import { Autocomplete, Button, Checkbox, Divider, Group, Modal, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Select } from '@/components/ui/select';
import { useUnsavedClose, useUnsavedText } from '@/components/ui/unsaved-close';
import { useForm, type FormErrors } from '@mantine/form';
import {
  amountToCents,
  COPY_TYPES,
  editedItemIssues,
  formatDollars,
  formatMoney,
  INTENTS,
  LIMITED_ITEM_FIELDS,
  MAX_KEYWORDS,
  messages,
  PAGES,
  PERSPECTIVES,
  publishMediumOptions,
  purposeOptions,
  splitKeywords,
  updateContentSchema,
  WRITING_TONES,
  type ContentItem,
  type OrderItemInput,
  type ProductDetail,
} from '@copydesk/shared';
import { ApiError } from '@/lib/api-client';
import { ariaInvalid, onFields, refuseOnFields, schemaErrors } from '@/lib/form';
import { notify } from '@/lib/notify';
import { useUpdateContent, type UpdateContentInput } from '../api/update-content';
import { NO_ADDON, requiredFields, TEXT_FIELDS, visibleFields, type TextField } from '../lib/order-form-state';

type EditItemModalProps = {
  /** The item being edited; null closes the dialog. */
  item: ContentItem | null;
  /** Tiers and add-ons of the type chosen in the dialog (the item's own until another is chosen). */
  product: ProductDetail | undefined;
  /** The catalogue's order types and categories, for an unpaid item's brief. */
  productNames: string[];
  categories: string[];
  /** Another type was chosen: the caller loads its tiers and add-ons into `product`. */
  onTypeChange: (orderType: string) => void;
  onClose: () => void;
};

/** The brief's free-text fields (the order form's text fields but the title, category and description, which the dialog lays out itself), named as PATCH /content/{id} names them. */
type BriefField = Exclude<TextField, 'category' | 'articleTitle' | 'description'>;
const BRIEF_FIELDS = TEXT_FIELDS.filter((field): field is BriefField => field !== 'category' && field !== 'articleTitle' && field !== 'description');

const LABELS: Record<BriefField, string> = {
  ...LIMITED_ITEM_FIELDS,
  preferred_intent: 'Preferred Intent',
  subject_line: 'Subject Line',
  copy_type: 'Copy Type',
  cta_suggestions: 'CTA Suggestions',
};

/** The choices the order form offers for a field; the admin may still type another value, as the form's "Other" does. */
function suggestionsFor(field: BriefField, orderType: string): readonly string[] | null {
  switch (field) {
    case 'writing_tone':
      return WRITING_TONES;
    case 'purpose':
      return purposeOptions(orderType);
    case 'publish_medium':
      return publishMediumOptions(orderType);
    case 'which_page':
      return PAGES;
    case 'preferred_intent':
      return INTENTS;
    case 'preferred_perspective':
      return PERSPECTIVES;
    case 'copy_type':
      return COPY_TYPES;
    default:
      return null;
  }
}

type Values = {
  orderType: string;
  word: string | null;
  addOn: string;
  category: string | null;
  keyword: string;
  articleTitle: string;
  description: string;
  use_same_title: boolean;
} & Record<BriefField, string>;

/** Payload keys whose problems show on another field of the form. */
const RENAME: Record<string, keyof Values> = { wordCount: 'word', addOns: 'addOn' };

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** The item as the order form holds it: what the edit's rules compare the edited item with. */
export function formItemOf(item: ContentItem): OrderItemInput {
  return {
    orderType: item.order_type,
    wordCount: { word: item.word_count },
    addOns: { addOn: item.addOn ?? NO_ADDON },
    category: item.category,
    articleTitle: item.article_title,
    description: item.description,
    keyword: item.keywords,
    ...Object.fromEntries(BRIEF_FIELDS.map((field) => [field, item[field]])),
    use_same_title: item.use_same_title === 1,
  };
}

type EditItemFormProps = Omit<EditItemModalProps, 'item'> & { item: ContentItem };

function EditItemForm({
  item,
  product,
  productNames,
  categories,
  onTypeChange,
  onClose,
  markDirty,
}: EditItemFormProps & { markDirty: (dirty: boolean) => void }) {
  const update = useUpdateContent();
  const tiers = product?.productwordcount ?? [];
  const addons = product?.productAddon ?? [];
  // The whole brief is editable while the item is Unpaid; type, word count and add-on of a paid
  // item are fixed, and only its title, keywords and description change (docs/decisions/0007-refunds.md).
  const unpaid = item.status === 'Unpaid';
  const before = formItemOf(item);

  // PATCH /content/{id}'s body: the fields shown, with the prices of the chosen tier and add-on.
  const toBody = (values: Values): UpdateContentInput => {
    const tier = tiers.find((t) => t.title === values.word);
    const addon = addons.find((a) => a.value === values.addOn);
    const simple = {
      wordCount: values.word ? { word: values.word, price: tier?.price ?? null } : null,
      addOns: values.addOn && values.addOn !== NO_ADDON ? { addOn: values.addOn, price: addon?.price ?? null } : null,
      keyword: values.keyword.trim(),
      articleTitle: values.articleTitle.trim(),
      description: values.description.trim(),
    };
    if (!unpaid) return simple;
    // A field the new type does not show is cleared, as the order form does not send it.
    const shown = visibleFields(values.orderType);
    return {
      ...simple,
      orderType: values.orderType,
      category: values.category,
      ...Object.fromEntries(BRIEF_FIELDS.map((field) => [field, shown.has(field) ? orNull(values[field]) : null])),
      use_same_title: values.use_same_title,
    };
  };
  // The order form's rules on the item as edited (the server checks them again), then the contract's.
  const validate = (values: Values): FormErrors => {
    const body = toBody(values);
    const issues = editedItemIssues(before, body as Partial<OrderItemInput>);
    return { ...onFields(Object.fromEntries(issues.map((issue) => [issue.field, issue.message])), RENAME), ...schemaErrors(updateContentSchema, body, RENAME) };
  };
  const form = useForm<Values, UpdateContentInput>({
    initialValues: {
      orderType: item.order_type,
      word: item.word_count,
      addOn: item.addOn ?? NO_ADDON,
      category: item.category,
      keyword: item.keywords ?? '',
      articleTitle: item.article_title ?? '',
      description: item.description ?? '',
      use_same_title: item.use_same_title === 1,
      ...(Object.fromEntries(BRIEF_FIELDS.map((field) => [field, item[field] ?? ''])) as Record<BriefField, string>),
    },
    transformValues: toBody,
    validate,
    enhanceGetInputProps: ariaInvalid,
  });
  const formRef = useRef<HTMLFormElement>(null);
  const refuse = (errors: FormErrors) => refuseOnFields(form, errors, () => formRef.current);
  // An edited brief is asked about before the dialog closes.
  useUnsavedText(markDirty, form.isDirty());

  const orderType = form.values.orderType;
  const shown = visibleFields(orderType);
  const required = requiredFields(orderType);
  // Required as in the order form, once the item has a value there (an imported item may lack one).
  const asterisk = (field: string) => required.has(field) && (before as Record<string, unknown>)[field] != null;

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
        // The server's messages are the central toast; the fields it names also show theirs.
        onError: (error) => {
          const named = error instanceof ApiError ? error.fieldErrors() : {};
          const errors = onFields(Object.fromEntries(Object.entries(named).map(([key, message]) => [key.replace(/^content\.0\./, ''), message])), RENAME);
          if (Object.keys(errors).length) refuse(errors);
        },
      },
    );
  };

  const briefInput = (field: BriefField) => {
    const suggestions = suggestionsFor(field, orderType);
    const props = { label: LABELS[field], withAsterisk: asterisk(field), ...form.getInputProps(field) };
    if (suggestions) return <Autocomplete key={field} data={[...suggestions]} {...props} />;
    if (field === 'specification' || field === 'cta_suggestions') return <Textarea key={field} rows={2} resize="vertical" {...props} />;
    return <TextInput key={field} {...props} />;
  };

  return (
    <form ref={formRef} onSubmit={form.onSubmit(submit, refuse)} noValidate>
      <Stack gap="md">
        {unpaid ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Select
              label="Order Type"
              withAsterisk
              data={productNames.includes(orderType) ? productNames : [orderType, ...productNames]}
              {...form.getInputProps('orderType')}
              // Another type has other tiers and add-ons: they are chosen again.
              onChange={(next) => {
                if (!next || next === orderType) return;
                form.setFieldValue('orderType', next);
                form.setFieldValue('word', null);
                form.setFieldValue('addOn', NO_ADDON);
                onTypeChange(next);
              }}
              allowDeselect={false}
            />
            <Select
              label="Category"
              withAsterisk={asterisk('category')}
              data={item.category && !categories.includes(item.category) ? [item.category, ...categories] : categories}
              {...form.getInputProps('category')}
            />
          </SimpleGrid>
        ) : (
          <Text size="sm" c="dimmed">
            {item.order_type} · {item.project_name ?? 'No project'}
          </Text>
        )}
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
            disabled={!unpaid || !product}
          />
          <Select
            label="Add-On"
            data={addons.map((a) => ({ value: a.value, label: a.value === NO_ADDON ? NO_ADDON : `${a.value} (+${formatDollars(a.price)})` }))}
            {...form.getInputProps('addOn')}
            allowDeselect={false}
            disabled={!unpaid || !product}
          />
        </SimpleGrid>
        <TextInput
          label="Keywords"
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
        <TextInput label="Title" withAsterisk={asterisk('articleTitle')} {...form.getInputProps('articleTitle')} />
        <Textarea label="Description" rows={3} resize="vertical" {...form.getInputProps('description')} />
        {unpaid && (
          <>
            <Divider label="Brief" labelPosition="left" />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {BRIEF_FIELDS.filter((field) => shown.has(field)).map(briefInput)}
            </SimpleGrid>
            <Checkbox label="Use the same title" {...form.getInputProps('use_same_title', { type: 'checkbox' })} />
          </>
        )}
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

/**
 * Admin: edits an item that is not Approved. While it is Unpaid the whole brief, with the order
 * form's rules; the price follows the type, tier and add-on.
 */
export function EditItemModal({ item, ...rest }: EditItemModalProps) {
  const unsaved = useUnsavedClose(rest.onClose);
  return (
    <>
      <Modal
        opened={item !== null}
        onClose={unsaved.requestClose}
        title={
          <Text component="span" fw={700} fz="lg">
            Edit item {item?.id}
          </Text>
        }
        size="xl"
        centered
        closeButtonProps={{ 'aria-label': 'Close item editor' }}
      >
        {item && <EditItemForm key={item.id} item={item} markDirty={unsaved.markDirty} {...rest} />}
      </Modal>
      {unsaved.prompt}
    </>
  );
}
