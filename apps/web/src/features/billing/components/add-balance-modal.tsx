import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, NumberInput, Stack, Tabs, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCreditCard, IconCreditCardPay, IconInfoCircle } from '@tabler/icons-react';
import { addBalanceInfoSchema, messages, type AddBalanceInfo } from '@copydesk/shared';
import { notify } from '@/lib/notify';
import { useAddBalance } from '../api/add-balance';
import { useSavedCards } from '../api/get-saved-cards';
import { cardInfo, emptyCard, explainIssues, savedCardLabel, type CardForm, type Invalid } from '../lib/card-form';
import { showServerError } from '../lib/server-error';
import { NewCardFields, type RenderLocation } from './new-card-fields';
import { SavedCardSelect } from './saved-card-select';

type Tab = 'new' | 'saved';

type AddBalanceModalProps = {
  opened: boolean;
  onClose: () => void;
  /** The agency topping up its own wallet. */
  userId: number;
  renderLocation: RenderLocation;
};

const blank = (v: string | number) => v === '' || v === null || v === undefined;

/** Add balance (agency): an amount paid by a new card or a saved one (access-and-billing §2, §4). */
export function AddBalanceModal({ opened, onClose, userId, renderLocation }: AddBalanceModalProps) {
  const fullScreen = useMediaQuery('(max-width: 36em)');
  const cards = useSavedCards(userId, opened);
  const add = useAddBalance();
  const [amount, setAmount] = useState<string | number>('');
  const [tab, setTab] = useState<Tab>('new');
  const [card, setCard] = useState<CardForm>(emptyCard);
  const [savedCardId, setSavedCardId] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<Invalid>({});
  const savedCard = cards.data?.data.find((c) => String(c.id) === savedCardId);

  const clear = (...fields: string[]) =>
    setInvalid((s) => (fields.some((f) => s[f]) ? { ...s, ...Object.fromEntries(fields.map((f) => [f, false])) } : s));

  const reset = () => {
    setAmount('');
    setTab('new');
    setCard(emptyCard);
    setSavedCardId(null);
    setInvalid({});
    onClose();
  };
  const close = () => {
    if (!add.isPending) reset();
  };

  const switchToNewCard = () => {
    setSavedCardId(null);
    setTab('new');
    clear('savedCardid');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (add.isPending) return;
    const amountMissing = blank(amount);
    if (tab === 'saved' && !savedCardId) {
      setInvalid({ savedCardid: true, balance: amountMissing });
      notify.info(cards.data?.data.length === 0 ? messages.noSavedCard : messages.selectSavedCard);
      return;
    }
    const info: AddBalanceInfo = savedCardId
      ? { balance: String(amount), savedCardid: Number(savedCardId) }
      : { balance: String(amount), ...cardInfo(card) };
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
      size="lg"
      fullScreen={fullScreen}
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <NumberInput
            label="Amount"
            description="In US dollars, e.g. 100 or 49.50"
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
          <Tabs value={tab} onChange={(value) => setTab((value as Tab) ?? 'new')} keepMounted={false}>
            <Tabs.List grow mb="md">
              <Tabs.Tab value="new" leftSection={<IconCreditCard size={16} aria-hidden />}>
                New Card
              </Tabs.Tab>
              <Tabs.Tab value="saved" leftSection={<IconCreditCardPay size={16} aria-hidden />}>
                Saved Card
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="new">
              <Stack gap="md">
                {savedCard && (
                  <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} aria-hidden />}>
                    <Group justify="space-between" gap="xs">
                      <Text size="sm">Paying with the saved card {savedCardLabel(savedCard)}.</Text>
                      <Button variant="subtle" size="compact-sm" onClick={switchToNewCard}>
                        {messages.addNewCard}
                      </Button>
                    </Group>
                  </Alert>
                )}
                <NewCardFields
                  value={card}
                  onChange={(next, touched) => {
                    setCard(next);
                    clear(...touched);
                  }}
                  invalid={invalid}
                  disabled={Boolean(savedCardId)}
                  cvcMessage={messages.cvcNumeric}
                  renderLocation={renderLocation}
                />
              </Stack>
            </Tabs.Panel>
            <Tabs.Panel value="saved">
              <SavedCardSelect
                cards={cards.data?.data}
                loading={cards.isLoading}
                value={savedCardId}
                invalid={invalid.savedCardid}
                emptyText={messages.noSavedCard}
                onSelect={(id) => {
                  setSavedCardId(id);
                  setCard(emptyCard);
                  setInvalid((s) => ({ balance: s.balance }));
                }}
                onNewCard={switchToNewCard}
              />
            </Tabs.Panel>
          </Tabs>
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
