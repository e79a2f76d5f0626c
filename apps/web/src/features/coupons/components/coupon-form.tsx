import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Card, Group, MultiSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Select } from '@/components/ui/select';
import { useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { COUPON_CODE_MAX, couponAdminMessages, couponScreenMessages, messages, type CouponType } from '@copydesk/shared';
import { notify } from '@/lib/notify';
import { formFieldErrors } from '@/lib/server-errors';
import { useAgencies } from '@/lib/agencies';
import { typedAmount, typedCode, typedLimit, validateCouponForm, type CouponField, type CouponFormValues, type CouponPayload } from '../lib/coupon-form';
import { agencyLabel, todayIso } from '../lib/format';

const TYPE_OPTIONS = [
  { value: 'fixed', label: 'Fixed amount ($)' },
  { value: 'percentage', label: 'Percentage (%)' },
];
const STATUS_OPTIONS = [
  { value: '1', label: 'Active' },
  { value: '0', label: 'Inactive' },
];

const COUPON_FIELDS: CouponField[] = ['coupon_code', 'type', 'amount', 'agencies', 'expiry', 'limit', 'status'];

const amountHint = (type: CouponType | null) =>
  type === 'fixed' ? couponScreenMessages.amountFixedHint : type === 'percentage' ? couponScreenMessages.amountPercentageHint : couponScreenMessages.amountHint;

type CouponFormProps = {
  mode: 'create' | 'edit';
  initial: CouponFormValues;
  /** Edit: how many paid orders used the coupon so far (the limit cannot go below it). */
  used?: number;
  saving: boolean;
  /** Saves and leaves; a rejection with an ApiError puts its field errors under the fields. */
  onSave: (payload: CouponPayload, values: CouponFormValues) => Promise<void>;
};

/**
 * The coupon form of /add-coupon and /edit-coupon/{id} (docs/decisions/0009-coupons.md): filters what
 * cannot be valid as it is typed, checks the rest with the shared contract on submit, and shows
 * the server's field errors under their fields. The code is fixed once saved; status is edit only.
 */
export function CouponForm({ mode, initial, used, saving, onSave }: CouponFormProps) {
  const editing = mode === 'edit';
  const check = (values: CouponFormValues) => validateCouponForm(values, { today: todayIso(), savedExpiry: editing ? initial.expiry : undefined });
  // The contract's checks plus the form's rules it cannot know (an amount for the chosen type, a past expiry).
  const form = useForm<CouponFormValues>({ initialValues: initial, validate: (values) => check(values).errors });
  const { values, errors } = form;
  // Bumped on every refused submit: the first field in error then takes the focus.
  const [refused, setRefused] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const agencies = useAgencies();

  useEffect(() => {
    if (refused) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refused]);

  const agencyOptions = useMemo(() => {
    const list = (agencies.data?.data ?? [])
      .map((a) => ({ value: String(a.id), label: a.status === 1 ? agencyLabel(a) : `${agencyLabel(a)} (inactive)` }))
      .sort((a, b) => a.label.localeCompare(b.label));
    // An agency chosen earlier and no longer listed stays visible, so saving does not drop it unseen.
    const missing = values.agencies.filter((id) => !list.some((o) => o.value === id)).map((id) => ({ value: id, label: `Agency #${id}` }));
    return agencies.data ? [...list, ...missing] : missing;
  }, [agencies.data, values.agencies]);

  /** A typed value (which clears the field's error), with the problem to show at once, if any. */
  const set = <F extends CouponField>(field: F, value: CouponFormValues[F], error?: string) => {
    // `never`: Mantine's path types cannot follow a field name that is a type parameter.
    form.setFieldValue(field, value as never);
    // Not setFieldError: it would skip a message equal to the one being cleared just above.
    if (error) form.setErrors((current) => ({ ...current, [field]: error }));
  };

  const refuse = () => setRefused((n) => n + 1);

  const submit = async (submitted: CouponFormValues) => {
    if (saving) return;
    const { payload } = check(submitted);
    // Every problem the contract can report belongs to a field (refused above); this is a safety net.
    if (!payload) return notify.error(messages.invalidData);
    try {
      await onSave(payload, submitted);
    } catch (error) {
      // Coupon errors go under their fields; the rest is a toast.
      const fields = formFieldErrors(error, editing ? COUPON_FIELDS : COUPON_FIELDS.filter((f) => f !== 'status'), { rename: { user_id: 'agencies' } });
      if (Object.keys(fields).length) {
        form.setErrors(fields);
        refuse();
      }
    }
  };

  const today = todayIso();
  return (
    <Card withBorder radius="lg" padding="lg" maw={820}>
      <form ref={formRef} onSubmit={form.onSubmit((v) => void submit(v), refuse)} noValidate aria-label={editing ? 'Edit coupon' : 'Add coupon'}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
            <TextInput
              label="Coupon code"
              required={!editing}
              disabled={editing}
              description={editing ? couponScreenMessages.codeLockedHint : couponScreenMessages.codeHint}
              placeholder={editing ? undefined : 'e.g. SPRING10'}
              autoComplete="off"
              spellCheck={false}
              maxLength={COUPON_CODE_MAX}
              value={values.coupon_code}
              error={errors.coupon_code}
              onChange={(e) => {
                const { value, hadSpace } = typedCode(e.currentTarget.value);
                // Says why the space did not appear, while the admin stays in the field.
                const spaceNotice = hadSpace || errors.coupon_code === couponAdminMessages.codeSpaces;
                set('coupon_code', value, spaceNotice ? couponAdminMessages.codeSpaces : undefined);
              }}
              onBlur={() => {
                if (errors.coupon_code === couponAdminMessages.codeSpaces) form.clearFieldError('coupon_code');
              }}
            />
            <Select
              label="Type"
              required
              placeholder="Choose a type"
              data={TYPE_OPTIONS}
              value={values.type}
              allowDeselect={false}
              error={errors.type}
              onChange={(value) => {
                set('type', value as CouponType | null);
                // The amount's rule depends on the type: judge it again on submit.
                form.clearFieldError('amount');
              }}
            />
            <TextInput
              label="Amount"
              required
              inputMode="decimal"
              autoComplete="off"
              maxLength={12}
              description={amountHint(values.type)}
              leftSection={
                values.type === 'fixed' ? (
                  <Text span size="sm" aria-hidden>
                    $
                  </Text>
                ) : undefined
              }
              rightSection={
                values.type === 'percentage' ? (
                  <Text span size="sm" aria-hidden>
                    %
                  </Text>
                ) : undefined
              }
              value={values.amount}
              error={errors.amount}
              onChange={(e) => set('amount', typedAmount(e.currentTarget.value, values.amount))}
            />
            <TextInput
              type="date"
              label="Expiry date"
              required
              description={couponScreenMessages.expiryHint}
              min={today}
              value={values.expiry}
              error={errors.expiry}
              onChange={(e) => set('expiry', e.currentTarget.value)}
            />
            <TextInput
              label="Usage limit"
              required
              inputMode="numeric"
              autoComplete="off"
              description={used === undefined ? couponScreenMessages.limitHint : `${couponScreenMessages.limitHint} ${couponScreenMessages.usedSoFar(used)}`}
              value={values.limit}
              error={errors.limit}
              onChange={(e) => set('limit', typedLimit(e.currentTarget.value))}
            />
            {editing && (
              <Select
                label="Status"
                required
                data={STATUS_OPTIONS}
                value={values.status}
                allowDeselect={false}
                error={errors.status}
                onChange={(value) => set('status', value === '0' ? '0' : '1')}
              />
            )}
          </SimpleGrid>

          <MultiSelect
            label="Agencies"
            description={couponScreenMessages.agenciesHint}
            placeholder={values.agencies.length ? undefined : agencies.isPending ? 'Loading agencies…' : couponScreenMessages.allAgencies}
            data={agencyOptions}
            value={values.agencies}
            searchable
            clearable
            hidePickedOptions
            nothingFoundMessage="No agency matches"
            clearButtonProps={{ 'aria-label': 'Clear agencies' }}
            error={errors.agencies}
            onChange={(ids) => set('agencies', ids)}
          />
          {agencies.isError && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
              {couponScreenMessages.agenciesFailed}
            </Alert>
          )}

          <Group justify="flex-end" gap="sm" mt="xs">
            <Button component={Link} to="/coupon" variant="default">
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {editing ? 'Update Coupon' : 'Add Coupon'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
