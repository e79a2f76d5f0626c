import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, NumberInput, Select, Stack, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { addBalanceInfoSchema, messages, TEXT_MAX, type AddBalanceInfo } from '@copydesk/shared';
import { notify } from '@/lib/notify';
import { useAddBalance } from '../api/add-balance';
import { useAgencies, type AgencyOption } from '../api/get-agencies';
import { explainIssues, type Invalid } from '../lib/card-form';
import { showServerError } from '../lib/server-error';

/** Company (or name) and email: two agencies may share a company name, never an email. */
const agencyLabel = (a: AgencyOption) => [a.company_name || a.name, a.email].filter(Boolean).join(' · ');

type AdminAddBalanceModalProps = { opened: boolean; onClose: () => void };

/** Add balance (admin): credits an agency's wallet with a description, no card (access-and-billing §2). */
export function AdminAddBalanceModal({ opened, onClose }: AdminAddBalanceModalProps) {
  const fullScreen = useMediaQuery('(max-width: 36em)');
  const agencies = useAgencies(opened);
  const add = useAddBalance();
  const [agency, setAgency] = useState<string | null>(null);
  const [amount, setAmount] = useState<string | number>('');
  const [description, setDescription] = useState('');
  const [invalid, setInvalid] = useState<Invalid>({});

  const reset = () => {
    setAgency(null);
    setAmount('');
    setDescription('');
    setInvalid({});
    onClose();
  };
  const close = () => {
    if (!add.isPending) reset();
  };
  const clear = (field: string) => setInvalid((s) => (s[field] ? { ...s, [field]: false } : s));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (add.isPending) return;
    const amountMissing = amount === '';
    const info: AddBalanceInfo = {
      balanceByAdmin: true,
      agency: agency ? Number(agency) : null,
      balance: String(amount),
      description: description.trim(),
    };
    const parsed = addBalanceInfoSchema.safeParse(info);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((issue) =>
        amountMissing && issue.path[0] === 'balance' ? { ...issue, message: messages.requiredFields } : issue,
      );
      const { invalid: marks, message } = explainIssues(issues);
      setInvalid(marks);
      notify.info(message);
      return;
    }
    setInvalid({});
    add.mutate(
      { ...info, balance: Number(amount) },
      {
        onSuccess: (res) => {
          notify.success(res.message);
          reset();
        },
        onError: (error) => showServerError(error, setInvalid),
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
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {agencies.isError && (
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
            value={agency}
            error={invalid.agency}
            allowDeselect={false}
            onChange={(value) => {
              setAgency(value);
              clear('agency');
            }}
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
            value={amount}
            error={invalid.balance}
            onChange={(value) => {
              setAmount(value);
              clear('balance');
            }}
          />
          <Textarea
            label="Description"
            required
            rows={3}
            maxLength={TEXT_MAX}
            value={description}
            error={invalid.description}
            onChange={(e) => {
              setDescription(e.currentTarget.value);
              clear('description');
            }}
          />
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
