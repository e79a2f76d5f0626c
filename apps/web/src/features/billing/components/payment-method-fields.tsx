import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Button, Checkbox, Group, Paper, Stack, Tabs, Text } from '@mantine/core';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Tabs.css';
import { IconInfoCircle, IconMail, IconWallet } from '@tabler/icons-react';
import { formatDollars, messages } from '@copydesk/shared';
import { notify } from '@/lib/notify';
import type { SavedCard } from '../api/get-saved-cards';
import { useNotifyAgency } from '../api/notify-agency';
import type { MethodTab, PaymentMethodState } from '../hooks/use-payment-method';
import { savedCardLabel } from '../lib/card-form';
import { CardDeclined } from './card-declined';
import { NewCardFields, type RenderLocation } from './new-card-fields';
import { SavedCardSelect } from './saved-card-select';

type PaymentMethodFieldsProps = {
  method: PaymentMethodState;
  /** Wallet balance in dollars (undefined while loading). */
  balance: number | undefined;
  savedCards: SavedCard[] | undefined;
  savedCardsLoading: boolean;
  renderLocation: RenderLocation;
  /** The order being paid: the associate's Notify Agency names it, so the agency's email can. */
  orderId?: number;
  /** Opens the Add Balance dialog over the page; without it, "Add Balance?" opens it on the billing page. */
  onAddBalance?: () => void;
};

/** The associate's request for more balance (naming the order): once per visit, then 'Email already sent.' */
function NotifyAgencyButton({ orderId }: { orderId?: number }) {
  const request = useNotifyAgency(orderId);
  const [sent, setSent] = useState(false);
  const onClick = () => {
    if (sent) {
      notify.info(messages.emailAlreadySent);
      return;
    }
    request.mutate(undefined, {
      onSuccess: (res) => {
        setSent(true);
        notify.success(res.message);
      },
    });
  };
  return (
    <Button variant="light" color="orange" leftSection={<IconMail size={16} aria-hidden />} loading={request.isPending} onClick={onClick}>
      Notify Agency
    </Button>
  );
}

type WalletBoxProps = { method: PaymentMethodState; balance: number | undefined; orderId?: number; onAddBalance?: () => void };

function WalletBox({ method, balance, orderId, onAddBalance }: WalletBoxProps) {
  const loading = balance === undefined;
  return (
    <Paper withBorder radius="md" p="md" bg={method.walletChecked ? 'teal.0' : undefined}>
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Group gap="xs" wrap="nowrap">
            <IconWallet size={22} stroke={1.6} aria-hidden />
            <Text fw={600}>Available Balance</Text>
          </Group>
          <Text fw={700} fz="lg">
            {loading ? '…' : formatDollars(balance)}
          </Text>
        </Group>
        <Checkbox
          label="Pay with your Available Balance"
          checked={method.walletChecked}
          disabled={loading || method.walletShort}
          error={method.invalid.wallet && !method.walletShort}
          aria-invalid={(method.invalid.wallet && !method.walletShort) || undefined}
          onChange={(e) => method.tickWallet(e.currentTarget.checked)}
        />
        {!loading && method.walletShort && (
          <Text size="sm" c="red.8" role="status">
            {messages.balanceNotEnough}
          </Text>
        )}
        <Group gap="md">
          {!method.walletOnly &&
            (onAddBalance ? (
              <Anchor component="button" type="button" onClick={onAddBalance} size="sm" fw={600}>
                Add Balance?
              </Anchor>
            ) : (
              <Anchor component={Link} to="/billing?add-balance=1" size="sm" fw={600}>
                Add Balance?
              </Anchor>
            ))}
          {method.walletOnly && !loading && method.walletShort && <NotifyAgencyButton orderId={orderId} />}
        </Group>
      </Stack>
    </Paper>
  );
}

/** Wallet / New Card / Saved Card on the payment page; associates see the wallet only. */
export function PaymentMethodFields({ method, balance, savedCards, savedCardsLoading, renderLocation, orderId, onAddBalance }: PaymentMethodFieldsProps) {
  const chosenSaved = savedCards?.find((c) => String(c.id) === method.savedCardId);
  const elsewhere = method.walletChecked ? 'your available balance' : chosenSaved ? `the saved card ${savedCardLabel(chosenSaved)}` : null;

  return (
    <Tabs value={method.tab} onChange={(value) => method.setTab((value as MethodTab) ?? 'wallet')} keepMounted={false}>
      {/* Labels without icons: the three fit one row down to a 390 px phone (with icons Saved Card wrapped alone). */}
      <Tabs.List grow mb="md">
        <Tabs.Tab value="wallet">Wallet</Tabs.Tab>
        {!method.walletOnly && (
          <>
            <Tabs.Tab value="new">New Card</Tabs.Tab>
            <Tabs.Tab value="saved">Saved Card</Tabs.Tab>
          </>
        )}
      </Tabs.List>
      <Tabs.Panel value="wallet">
        <WalletBox method={method} balance={balance} orderId={orderId} onAddBalance={onAddBalance} />
      </Tabs.Panel>
      {!method.walletOnly && (
        <>
          <Tabs.Panel value="new">
            <Stack gap="md">
              {elsewhere && (
                <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} aria-hidden />}>
                  <Group justify="space-between" gap="xs">
                    <Text size="sm">You are paying with {elsewhere}.</Text>
                    <Button variant="subtle" size="compact-sm" onClick={method.switchToNewCard}>
                      Use a new card instead
                    </Button>
                  </Group>
                </Alert>
              )}
              <NewCardFields
                value={method.card}
                onChange={method.editCard}
                invalid={method.invalid}
                disabled={Boolean(elsewhere)}
                cvcMessage={messages.cvcNumericPayment}
                renderLocation={renderLocation}
                entry={method.entry}
                declined={method.declined}
              />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="saved">
            <Stack gap="md">
              {method.walletChecked && Boolean(savedCards?.length) && (
                <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} aria-hidden />} role="status">
                  <Text size="sm">You are paying with your available balance. Choose a saved card to pay with it instead.</Text>
                </Alert>
              )}
              <SavedCardSelect
                cards={savedCards}
                loading={savedCardsLoading}
                value={method.savedCardId}
                invalid={Boolean(method.invalid.savedCardid)}
                emptyText={messages.noSavedCards}
                onSelect={method.chooseSavedCard}
                onNewCard={method.switchToNewCard}
              />
              {method.declined && method.savedCardId && <CardDeclined message={method.declined} />}
            </Stack>
          </Tabs.Panel>
        </>
      )}
    </Tabs>
  );
}
