import type { ClipboardEvent, Dispatch, DragEvent } from 'react';
import { ActionIcon, Autocomplete, Checkbox, Divider, Group, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Tooltip } from '@mantine/core';
import { IconList } from '@tabler/icons-react';
import {
  COPY_TYPES,
  formatMoney,
  dollarsToCents,
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
import { notify } from '@/lib/notify';
import type { PastProject } from '../api/get-projects';
import { isFreeTextChoice, NO_ADDON, visibleFields, type FormItem, type OrderFormAction, type TextField } from '../lib/order-form-state';
import classes from './order-form.module.css';

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

const money = (dollars: number) => formatMoney(dollarsToCents(dollars) ?? 0);
const blockPaste = (event: ClipboardEvent | DragEvent) => event.preventDefault();

type OrderItemFieldsProps = {
  item: FormItem;
  index: number;
  dispatch: Dispatch<OrderFormAction>;
  productNames: string[];
  /** Tiers and add-ons of the item's type; undefined while they load. */
  product: ProductDetail | undefined;
  categories: string[];
  projects: PastProject[];
};

/** Every field of one order item that applies to its type (orders-and-payment §3 "Order item row"). */
export function OrderItemFields({ item, index, dispatch, productNames, product, categories, projects }: OrderItemFieldsProps) {
  const shown = visibleFields(item.orderType);
  const n = index + 1;
  const missing = (field: string) => item.invalid.includes(field);
  // A marked field: aria-invalid (from `error`) and a red top border instead of Mantine's red outline.
  const mark = (field: string) => ({
    error: missing(field),
    withErrorStyles: false,
    classNames: { input: missing(field) ? classes.missing : undefined },
  });
  const set = (field: TextField) => (value: string) => dispatch({ type: 'setField', index, field, value });

  const text = (field: TextField, options: { required?: boolean; area?: boolean; placeholder?: string } = {}) => {
    const props = {
      label: LABELS[field],
      withAsterisk: options.required,
      placeholder: options.placeholder,
      value: item[field],
      onChange: (e: { currentTarget: { value: string } }) => set(field)(e.currentTarget.value),
      ...mark(field),
    };
    return options.area ? <Textarea key={field} {...props} rows={3} resize="vertical" /> : <TextInput key={field} {...props} />;
  };

  const choice = (field: TextField, data: readonly string[], options: { required?: boolean; clearable?: boolean } = {}) => (
    <Select
      key={field}
      label={LABELS[field]}
      withAsterisk={options.required}
      placeholder="Select"
      data={[...data]}
      value={item[field] || null}
      onChange={(value) => set(field)(value ?? '')}
      clearable={options.clearable ?? !options.required}
      searchable={data.length > 8}
      {...mark(field)}
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
          value={item[field]}
          onChange={(e) => set(field)(e.currentTarget.value)}
          rightSection={
            <Tooltip label="Choose from the list">
              <ActionIcon
                variant="subtle"
                color="gray"
                onClick={() => dispatch({ type: 'setFreeText', index, field, on: false })}
                aria-label={`Choose ${LABELS[field]} from the list`}
              >
                <IconList size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          }
          {...mark(field)}
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
        value={item[field] || null}
        onChange={(value) => {
          if (value && isFreeTextChoice(value)) dispatch({ type: 'setFreeText', index, field, on: true });
          else set(field)(value ?? '');
        }}
        {...mark(field)}
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
      value={item[field]}
      onChange={(e) => set(field)(e.currentTarget.value)}
      onBlur={(e) => {
        const value = e.currentTarget.value.trim();
        if (!value || isValidLink(value)) return;
        notify.info(field === 'website_link' ? messages.websiteLinkInvalid : messages.productLinkInvalid);
        set(field)('');
      }}
      {...mark(field)}
    />
  );

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
          value={item.orderType || null}
          allowDeselect={false}
          onChange={(value) => value && dispatch({ type: 'changeType', index, orderType: value })}
          {...mark('orderType')}
        />
        <Select
          label="Word Count"
          withAsterisk
          placeholder={product ? 'Select' : 'Loading…'}
          disabled={!product}
          data={tiers.map((t) => ({ value: t.title, label: `${t.title} — ${money(t.price)}` }))}
          value={item.wordCount?.word ?? null}
          allowDeselect={false}
          onChange={(value) => {
            const tier = tiers.find((t) => t.title === value);
            dispatch({ type: 'changeWordCount', index, tier: tier ? { title: tier.title, price: tier.price } : null });
          }}
          {...mark('wordCount')}
        />
        <Select
          label="Add-On"
          disabled={!product || !item.wordCount}
          data={addons.map((a) => ({ value: a.value, label: a.value === NO_ADDON ? NO_ADDON : `${a.value} (+${money(a.price)})` }))}
          value={item.addOns?.addOn ?? NO_ADDON}
          allowDeselect={false}
          onChange={(value) => {
            const addon = addons.find((a) => a.value === value);
            dispatch({ type: 'changeAddon', index, addon: addon ? { value: addon.value, price: addon.price } : null });
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
          value={item.project_name}
          onChange={set('project_name')}
          onOptionSubmit={(value) => {
            const project = projects.find((p) => p.project_name === value);
            if (!project) return;
            const category = project.categories.map((c) => c.name).find((c) => categories.includes(c)) ?? null;
            dispatch({
              type: 'fillProject',
              index,
              project: { project_name: project.project_name, about_company: project.about_company, target_audience: project.target_audience, category },
            });
          }}
          {...mark('project_name')}
        />
        {choice('category', categories, { required: true })}
      </SimpleGrid>
      {text('about_company', { required: true, area: true, placeholder: 'What does the company do?' })}
      {text('target_audience', { required: true, placeholder: 'Who will read it?' })}

      <Divider label="Content" labelPosition="left" />
      <Stack gap={6}>
        {text('articleTitle', { required: true, placeholder: 'Working title' })}
        <Checkbox
          label="Use the same title"
          checked={item.use_same_title}
          onChange={(e) => dispatch({ type: 'setUseSameTitle', index, value: e.currentTarget.checked })}
        />
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
                onChange={(e) => dispatch({ type: 'setKeyword', index, slot, value: e.currentTarget.value })}
                onPaste={blockPaste}
                onDrop={blockPaste}
                {...mark('keyword')}
              />
            ))}
          </SimpleGrid>
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
