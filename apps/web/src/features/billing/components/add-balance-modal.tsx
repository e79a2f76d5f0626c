import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, NumberInput, Stack, Tabs, Text } from '@mantine/core';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Tabs.css';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconCreditCard, IconCreditCardPay, IconInfoCircle } from '@tabler/icons-react';
import { addBalanceInfoSchema, gatewayMessages, messages, type AddBalanceInfo } from '@copydesk/shared';
import { ApiError } from '@/lib/api-client';
import { ariaInvalid } from '@/lib/form';
import { refuseOnFields } from '@/lib/form';
import { notify } from '@/lib/notify';
import { reportServerError } from '@/lib/server-errors';
import { useAddBalance } from '../api/add-balance';
import { useSavedCards } from '../api/get-saved-cards';
import { useCardEntry } from '../hooks/use-card-entry';
import { cardInfo, cardWithBilling, explainIssues, savedCardLabel, type CardForm, type Invalid } from '../lib/card-form';
import { PENDING_PAYMENT_METHOD, stripeCardInfo } from '../lib/stripe-card';
import { serverInvalid } from '../lib/server-error';
import { CardDeclined } from './card-declined';
import { NewCardFields, type RenderLocation } from './new-card-fields';
import { SavedCardSelect } from './saved-card-select';

type Tab = 'new' | 'saved';

type Values = { balance: string | number; card: CardForm; savedCardId: string | null };

export type AddBalanceModalProps = {
  opened: boolean;
  onClose: () => void;
  /** The agency topping up its own wallet. */
  userId: number;
  renderLocation: RenderLocation;
};

const blank = (v: string | number) => v === '' || v === null || v === undefined;

/** Add balance (agency): an amount paid by a new card or a saved one. */
export function AddBalanceModal({ opened, onClose, userId, renderLocation }: AddBalanceModalProps) {
  const fullScreen = useMediaQuery('(max-width: 36em)');
  const cards = useSavedCards(userId, opened);
  // A refused card (402) is said beside the card, not in a toast; other failures are reported below.
  const add = useAddBalance({ meta: { errorToast: false } });
  const entry = useCardEntry();
  /** Stripe mode: the card element is turning the card into a PaymentMethod. */
  const [preparing, setPreparing] = useState(false);
  // State lands after the await: a second press meanwhile must not create a second PaymentMethod.
  const preparingNow = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const busy = add.isPending || preparing;
  const [tab, setTabState] = useState<Tab>('new');
  // A new card starts from the billing address of the last card payment.
  const blankCard = useMemo(() => cardWithBilling(cards.data?.billing_address), [cards.data?.billing_address]);
  // Checked on submit, not by `validate`: the rules depend on the tab and on the card element's own check.
  // Errors are red borders (`true`) keyed by the payload's fields; the toast says what is wrong.
  const form = useForm<Values>({ initialValues: { balance: '', card: blankCard, savedCardId: null }, enhanceGetInputProps: ariaInvalid });
  const { values, setFieldValue } = form;
  const { card, savedCardId } = values;
  // Each field's mark: its message, shown under it (explainIssues), or `true` for a red border alone.
  const invalid: Invalid = Object.fromEntries(Object.entries(form.errors).map(([field, error]) => [field, typeof error === 'string' ? error : Boolean(error)]));
  /** The card's refusal (402), beside the card until the card or the choice changes. */
  const [declined, setDeclined] = useState<string | null>(null);
  const savedCard = cards.data?.data.find((c) => String(c.id) === savedCardId);
  // The card is chosen for the user once per opening (the newest saved card, if any), unless they chose first.
  const chosen = useRef(false);
  const cardTyped = useRef(false);

  useEffect(() => {
    if (!opened || chosen.current || !cards.data) return;
    chosen.current = true;
    const newest = cards.data.data[0];
    if (newest) {
      setFieldValue('savedCardId', String(newest.id));
      setTabState('saved');
    }
  }, [opened, cards.data, setFieldValue]);

  useEffect(() => {
    if (!cardTyped.current) setFieldValue('card', blankCard);
  }, [blankCard, setFieldValue]);

  const setTab = (next: Tab) => {
    chosen.current = true;
    setTabState(next);
  };

  const clear = (...fields: string[]) => fields.forEach((field) => form.clearFieldError(field));

  const reset = () => {
    form.setValues({ balance: '', card: blankCard, savedCardId: null });
    form.clearErrors();
    setTabState('new');
    cardTyped.current = false;
    chosen.current = false;
    setDeclined(null);
    onClose();
  };
  const close = () => {
    if (!busy) reset();
  };

  const switchToNewCard = () => {
    setFieldValue('savedCardId', null);
    setTab('new');
    setDeclined(null);
    clear('savedCardid');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || preparingNow.current) return;
    setDeclined(null);
    const amount = values.balance;
    const amountMissing = blank(amount);
    if (tab === 'saved' && !savedCardId) {
      form.setErrors({ savedCardid: true, balance: amountMissing });
      notify.info(cards.data?.data.length === 0 ? messages.noSavedCard : messages.selectSavedCard);
      return;
    }
    const newCard = !savedCardId;
    if (newCard && (entry.mode === 'loading' || entry.mode === 'unavailable')) {
      notify.error(gatewayMessages.cardFormUnavailable);
      return;
    }
    // Stripe mode: the card element holds number, expiry and CVC; a PaymentMethod id goes instead.
    const viaStripe = newCard && entry.mode === 'stripe';
    const info: AddBalanceInfo = savedCardId
      ? { balance: String(amount), savedCardid: Number(savedCardId) }
      : { balance: String(amount), ...(viaStripe ? stripeCardInfo(card) : cardInfo(card)) };
    const parsed = addBalanceInfoSchema.safeParse(viaStripe ? { ...info, paymentMethodId: PENDING_PAYMENT_METHOD } : info);
    const elementIssue = viaStripe ? entry.elementIssue() : null;
    if (!parsed.success || elementIssue) {
      const issues = [...(elementIssue ? [elementIssue] : []), ...(parsed.success ? [] : parsed.error.issues)].map((issue) =>
        amountMissing && issue.path[0] === 'balance' ? { ...issue, message: messages.requiredFields } : issue,
      );
      // Each field's message under it, all at once, and the first takes focus: no toast.
      const { invalid: marks } = explainIssues(issues);
      refuseOnFields(form, marks, () => formRef.current);
      return;
    }
    form.clearErrors();
    let paymentMethodId: string | undefined;
    if (viaStripe) {
      preparingNow.current = true;
      setPreparing(true);
      const created = await entry.createPaymentMethod(card).finally(() => {
        preparingNow.current = false;
        setPreparing(false);
      });
      if (!created.ok) {
        form.setErrors({ cardNumber: true });
        notify.error(created.message);
        return;
      }
      paymentMethodId = created.id;
    }
    add.mutate(
      { ...info, balance: Number(amount), ...(paymentMethodId ? { paymentMethodId } : {}) },
      {
        onSuccess: (res) => {
          notify.success(res.message);
          reset();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 402) return setDeclined(error.firstMessage);
          // The fields named are only marked red: their messages need the toast.
          form.setErrors(serverInvalid(error));
          reportServerError(error);
        },
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
      <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate>
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
            {...form.getInputProps('balance')}
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
                    cardTyped.current = true;
                    setFieldValue('card', next);
                    setDeclined(null);
                    clear(...touched);
                  }}
                  invalid={invalid}
                  disabled={Boolean(savedCardId)}
                  cvcMessage={messages.cvcNumeric}
                  renderLocation={renderLocation}
                  entry={entry}
                  declined={declined}
                />
              </Stack>
            </Tabs.Panel>
            <Tabs.Panel value="saved">
              <Stack gap="md">
                <SavedCardSelect
                  cards={cards.data?.data}
                  loading={cards.isLoading}
                  value={savedCardId}
                  invalid={Boolean(invalid.savedCardid)}
                  emptyText={messages.noSavedCard}
                  onSelect={(id) => {
                    chosen.current = true;
                    setFieldValue('savedCardId', id);
                    setFieldValue('card', blankCard);
                    cardTyped.current = false;
                    setDeclined(null);
                    form.setErrors({ balance: form.errors.balance });
                  }}
                  onNewCard={switchToNewCard}
                />
                {declined && savedCardId && <CardDeclined message={declined} />}
              </Stack>
            </Tabs.Panel>
          </Tabs>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Add Balance
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
