import { ActionIcon, Autocomplete, Checkbox, Divider, Group, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Select } from '@/components/ui/select';
import { IconList } from '@tabler/icons-react';
import {
  COPY_TYPES,
  formatDollars,
  formatMoney,
  INTENTS,
  isValidLink,
  LIMITED_ITEM_FIELDS,
  messages,
  needsPublishMedium,
  PAGES,
  PERSPECTIVES,
  publishMediumOptions,
  purposeOptions,
  WRITING_TONES,
  type ProductDetail,
} from '@copydesk/shared';
import type { PastProject } from '../api/get-projects';
import type { OrderFormController } from '../hooks/use-order-form';
import { Tooltip } from '@/components/ui/tooltip';
import {
  isFreeTextChoice,
  itemPath,
  NO_ADDON,
  visibleFields,
  withAddon,
  withFreeText,
  withKeyword,
  withProject,
  withProjectName,
  withType,
  withWordCount,
  type FormItem,
  type TextField,
} from '../lib/order-form-state';

/** Labels of the fields the 250-character rule does not name. */
const LABELS: Record<string, string> = {
  ...LIMITED_ITEM_FIELDS,
  category: 'Category',
  description: 'Description',
  preferred_intent: 'Preferred Intent',
  subject_line: 'Subject Line',
  copy_type: 'Copy Type',
  cta_suggestions: 'CTA Suggestions',
};

/** The id of an item's title input, which takes focus when the item is added. */
export const titleInputId = (key: number) => `order-item-${key}-title`;

type OrderItemFieldsProps = {
  form: OrderFormController;
  item: FormItem;
  index: number;
  productNames: string[];
  /** Tiers and add-ons of the item's type; undefined while they load. */
  product: ProductDetail | undefined;
  categories: string[];
  projects: PastProject[];
};

/** Every field of one order item that applies to its type. */
export function OrderItemFields({ form, item, index, productNames, product, categories, projects }: OrderItemFieldsProps) {
  const { form: fields, change } = form;
  const shown = visibleFields(item.orderType);
  const n = index + 1;
  // A field in error shows its message under it (Mantine's `error`: aria-invalid, and
  // aria-describedby pointing at the message).
  const mark = (field: string) => ({ error: fields.errors[itemPath(index, field)] || undefined });
  /** Value, change and mark of a field of the item (`items.2.articleTitle`); selects set their own value and change. */
  const input = (field: string) => ({ ...fields.getInputProps(itemPath(index, field)), ...mark(field) });
  const set = (field: TextField) => (value: string) => fields.setFieldValue(itemPath(index, field), value);

  const text = (field: TextField, options: { required?: boolean; area?: boolean; placeholder?: string } = {}) => {
    const props = {
      label: LABELS[field],
      withAsterisk: options.required,
      placeholder: options.placeholder,
      ...input(field),
    };
    if (options.area) return <Textarea key={field} {...props} rows={3} resize="vertical" />;
    return <TextInput key={field} id={field === 'articleTitle' ? titleInputId(item.key) : undefined} {...props} />;
  };

  const choice = (field: TextField, data: readonly string[], options: { required?: boolean; clearable?: boolean } = {}) => (
    <Select
      key={field}
      label={LABELS[field]}
      withAsterisk={options.required}
      placeholder="Select"
      data={[...data]}
      {...input(field)}
      value={item[field] || null}
      onChange={(value) => set(field)(value ?? '')}
      clearable={options.clearable ?? !options.required}
      searchable={data.length > 8}
    />
  );

  /** Purpose and publish medium: a list, or free text after 'Other' / 'I want to Specify' / 'Other online marketplaces'. */
  const choiceOrText = (field: 'purpose' | 'publish_medium', data: readonly string[]) => {
    const other = field === 'purpose' ? item.purpose_other : item.publish_medium_other;
    if (other) {
      return (
        <TextInput
          key={`${field}-text`}
          label={LABELS[field]}
          withAsterisk
          placeholder={field === 'purpose' ? 'Describe the purpose' : 'Where will it be published?'}
          {...input(field)}
          rightSection={
            <Tooltip label="Choose from the list">
              <ActionIcon
                variant="subtle"
                color="gray"
                onClick={() => change(index, (it) => withFreeText(it, field, false))}
                aria-label={`Choose ${LABELS[field]} from the list`}
              >
                <IconList size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          }
        />
      );
    }
    return (
      <Select
        key={field}
        label={LABELS[field]}
        withAsterisk
        placeholder="Select"
        data={[...data]}
        {...input(field)}
        value={item[field] || null}
        onChange={(value) => {
          if (value && isFreeTextChoice(value)) change(index, (it) => withFreeText(it, field, true));
          else set(field)(value ?? '');
        }}
      />
    );
  };

  const link = (field: 'website_link' | 'product_page_link') => (
    <TextInput
      key={field}
      label={LABELS[field]}
      type="url"
      inputMode="url"
      placeholder="https://"
      {...input(field)}
      // A mistyped link stays as typed and is marked under the field; the rule that only a valid
      // link is kept is applied on Next (docs/decisions/0038-errors-beside-fields.md).
      onBlur={(e) => {
        const value = e.currentTarget.value.trim();
        if (value && !isValidLink(value))
          fields.setFieldError(itemPath(index, field), field === 'website_link' ? messages.websiteLinkInvalid : messages.productLinkInvalid);
      }}
    />
  );

  const keywordError = fields.errors[itemPath(index, 'keyword')];
  const keywordErrorId = `keywords-${item.key}-error`;

  const tiers = product?.productwordcount ?? [];
  const addons = product?.productAddon ?? [];
  const uniqueProjects = [...new Set(projects.map((p) => p.project_name))];

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <Select
          label="Order Type"
          withAsterisk
          data={productNames}
          {...mark('orderType')}
          value={item.orderType || null}
          allowDeselect={false}
          onChange={(value) => value && change(index, (it) => withType(it, value))}
        />
        <Select
          label="Word Count"
          withAsterisk
          placeholder={product ? 'Select' : 'Loading…'}
          disabled={!product}
          data={tiers.map((t) => ({ value: t.title, label: `${t.title} — ${formatDollars(t.price)}` }))}
          {...mark('wordCount')}
          value={item.wordCount?.word ?? null}
          allowDeselect={false}
          onChange={(value) => {
            const tier = tiers.find((t) => t.title === value);
            change(index, (it) => withWordCount(it, tier ? { title: tier.title, price: tier.price } : null));
          }}
        />
        <Select
          label="Add-On"
          disabled={!product || !item.wordCount}
          data={addons.map((a) => ({ value: a.value, label: a.value === NO_ADDON ? NO_ADDON : `${a.value} (+${formatDollars(a.price)})` }))}
          value={item.addOns?.addOn ?? NO_ADDON}
          allowDeselect={false}
          onChange={(value) => {
            const addon = addons.find((a) => a.value === value);
            change(index, (it) => withAddon(it, addon ? { value: addon.value, price: addon.price } : null));
          }}
        />
      </SimpleGrid>

      <Divider label="Project" labelPosition="left" />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Autocomplete
          label={LABELS.project_name}
          withAsterisk
          placeholder={uniqueProjects.length ? 'Type a new name or pick a past project' : 'Name of the project'}
          data={uniqueProjects}
          {...mark('project_name')}
          value={item.project_name}
          onChange={(value) => change(index, (it) => withProjectName(it, value))}
          onOptionSubmit={(value) => {
            const project = projects.find((p) => p.project_name === value);
            if (!project) return;
            const category = project.categories.map((c) => c.name).find((c) => categories.includes(c)) ?? null;
            const details = { project_name: project.project_name, about_company: project.about_company, target_audience: project.target_audience, category };
            change(index, (it) => withProject(it, details));
          }}
        />
        {choice('category', categories, { required: true })}
      </SimpleGrid>
      {text('about_company', { required: true, area: true, placeholder: 'What does the company do?' })}
      {text('target_audience', { required: true, placeholder: 'Who will read it?' })}

      <Divider label="Content" labelPosition="left" />
      <Stack gap={6}>
        {text('articleTitle', { required: true, placeholder: 'Working title' })}
        <Checkbox label="Use the same title" {...fields.getInputProps(itemPath(index, 'use_same_title'), { type: 'checkbox' })} />
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {choiceOrText('purpose', purposeOptions(item.orderType))}
        {choice('writing_tone', WRITING_TONES, { required: true })}
        {needsPublishMedium(item.orderType) && choiceOrText('publish_medium', publishMediumOptions(item.orderType))}
        {shown.has('subject_line') && text('subject_line')}
        {shown.has('which_page') && choice('which_page', PAGES)}
        {shown.has('copy_type') && choice('copy_type', COPY_TYPES)}
        {shown.has('preferred_intent') && choice('preferred_intent', INTENTS)}
        {shown.has('preferred_perspective') && choice('preferred_perspective', PERSPECTIVES)}
        {shown.has('website_link') && link('website_link')}
        {shown.has('product_page_link') && link('product_page_link')}
      </SimpleGrid>

      {shown.has('keyword') && (
        <div>
          <Text size="sm" fw={500} id={`keywords-${item.key}`}>
            Keywords{' '}
            <Text span size="xs" c="dimmed">
              (optional, up to 3)
            </Text>
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" mt={4} role="group" aria-labelledby={`keywords-${item.key}`}>
            {item.keywords.map((keyword, slot) => (
              <TextInput
                key={slot}
                aria-label={`Keyword ${slot + 1} of item ${n}`}
                placeholder={`Keyword ${slot + 1}`}
                value={keyword}
                onChange={(e) => {
                  const { value } = e.currentTarget;
                  change(index, (it) => withKeyword(it, slot, value));
                }}
                // One message for the three boxes, under them.
                error={keywordError ? true : undefined}
                aria-describedby={keywordError ? keywordErrorId : undefined}
              />
            ))}
          </SimpleGrid>
          {keywordError && (
            <Text id={keywordErrorId} fz="xs" c="var(--mantine-color-error)" mt={5}>
              {keywordError}
            </Text>
          )}
        </div>
      )}
      {shown.has('description') && text('description', { area: true, placeholder: 'Anything the writer should know' })}
      {shown.has('specification') && text('specification', { area: true })}
      {shown.has('cta_suggestions') && text('cta_suggestions', { area: true })}

      <Group justify="flex-end">
        <Text size="sm">
          Item total: <b>{formatMoney(item.contentTotal)}</b>
        </Text>
      </Group>
    </Stack>
  );
}
