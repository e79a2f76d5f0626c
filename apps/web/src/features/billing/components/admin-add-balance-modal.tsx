import { useRef } from 'react';
import { Alert, Button, Group, Modal, NumberInput, Stack, Textarea } from '@mantine/core';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/NumberInput.css';
import { Select } from '@/components/ui/select';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { addBalanceInfoSchema, messages, TEXT_MAX, type AddBalanceInfo } from '@copydesk/shared';
import { ariaInvalid, refuseOnFields, schemaErrors } from '@/lib/form';
import { notify } from '@/lib/notify';
import { useAddBalance } from '../api/add-balance';
import { useAgencies, type AgencyOption } from '@/lib/agencies';
import { serverInvalid } from '../lib/server-error';

/** Company (or name) and email: two agencies may share a company name, never an email. */
const agencyLabel = (a: AgencyOption) => [a.company_name || a.name, a.email].filter(Boolean).join(' · ');

type AdminAddBalanceModalProps = { opened: boolean; onClose: () => void };

type Values = { agency: string | null; balance: string | number; description: string };

/** The `paymentInfo` the contract checks (the amount as typed; it is sent as a number). */
const toInfo = (values: Values): AddBalanceInfo => ({
  balanceByAdmin: true,
  agency: values.agency ? Number(values.agency) : null,
  balance: String(values.balance),
  description: values.description.trim(),
});

/** Add balance (admin): credits an agency's wallet with a description, no card. */
export function AdminAddBalanceModal({ opened, onClose }: AdminAddBalanceModalProps) {
  const fullScreen = useMediaQuery('(max-width: 36em)');
  const agencies = useAgencies(opened);
  const add = useAddBalance();
  const form = useForm<Values>({
    initialValues: { agency: null, balance: '', description: '' },
    validate: (values) => {
      const errors = schemaErrors(addBalanceInfoSchema, toInfo(values));
      // An empty amount is a missing field (the required-fields message), not the contract's "must be positive".
      if (values.balance === '' && errors.balance) errors.balance = messages.requiredFields;
      return errors;
    },
    enhanceGetInputProps: ariaInvalid,
  });

  const formRef = useRef<HTMLFormElement>(null);

  const reset = () => {
    form.reset();
    onClose();
  };
  const close = () => {
    if (!add.isPending) reset();
  };

  const submit = (values: Values) => {
    if (add.isPending) return;
    add.mutate(
      { ...toInfo(values), balance: Number(values.balance) },
      {
        onSuccess: (res) => {
          notify.success(res.message);
          reset();
        },
        // The server's messages are the central toast; the fields it names turn red.
        onError: (error) => form.setErrors(serverInvalid(error)),
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Add Balance"
      size="md"
      fullScreen={fullScreen}
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <form ref={formRef} onSubmit={form.onSubmit(submit, (errors) => refuseOnFields(form, errors, () => formRef.current))} noValidate>
        <Stack gap="md">
          {/* A failed refetch keeps the data on screen (the central toast says so): only a failed first load shows here. */}
          {agencies.isLoadingError && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
              {agencies.error.message}
            </Alert>
          )}
          <Select
            label="Agency"
            required
            searchable
            placeholder={agencies.isLoading ? 'Loading…' : 'Choose an agency'}
            nothingFoundMessage="No agency matches"
            data={(agencies.data?.data ?? []).map((a) => ({ value: String(a.id), label: agencyLabel(a) }))}
            allowDeselect={false}
            {...form.getInputProps('agency')}
          />
          <NumberInput
            label="Amount"
            required
            prefix="$"
            min={0}
            decimalScale={2}
            allowNegative={false}
            thousandSeparator=","
            hideControls
            {...form.getInputProps('balance')}
          />
          <Textarea label="Description" required rows={3} maxLength={TEXT_MAX} {...form.getInputProps('description')} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={add.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={add.isPending}>
              Add Balance
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
