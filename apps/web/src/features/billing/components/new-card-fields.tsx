import { lazy, Suspense, type ReactNode } from 'react';
import { Alert, Button, Checkbox, Group, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import { Select } from '@/components/ui/select';
import { ZipCodeInput } from '@/components/ui/zip-code-input';
import { IconAlertTriangle, IconCreditCard } from '@tabler/icons-react';
import { gatewayMessages, messages, TEXT_MAX } from '@copydesk/shared';
import { notify } from '@/lib/notify';
import type { CardEntry } from '../hooks/use-card-entry';
import { CVC_LENGTH, expiryYears, MONTHS, typedCardNumber, typedCvc, type CardForm, type Invalid, type Location } from '../lib/card-form';
import { CardDeclined } from './card-declined';
import { TestModeNote } from './test-mode-note';

/** What the screen passes to draw the country → state → city pickers (the geo feature). */
export type LocationSlotProps = {
  value: Location;
  onChange: (value: Location) => void;
  invalid: Partial<Record<'country' | 'state' | 'city', string | boolean>>;
  required: boolean;
};
export type RenderLocation = (props: LocationSlotProps) => ReactNode;

type NewCardFieldsProps = {
  value: CardForm;
  /** The new form and the fields the change touched (their red borders go). */
  onChange: (next: CardForm, touched: string[]) => void;
  invalid: Invalid;
  disabled?: boolean;
  /** The CVC message differs between the billing modal and the payment page, as in the original portal. */
  cvcMessage: string;
  withSaveCard?: boolean;
  renderLocation: RenderLocation;
  /** Which card fields to draw: the original portal's (sandbox) or Stripe's card element (stripe). */
  entry: CardEntry;
  /** The gateway's refusal of this card (402), shown under the card fields. */
  declined?: string | null;
};

// Stripe's packages load only when the server takes cards through Stripe.
const StripeCardElement = lazy(() => import('./stripe-card-element'));

/** The card element's place while Stripe mode or its code is loading (label, description, input). */
const cardSkeleton = <Skeleton h={78} radius="sm" role="status" aria-label="Loading the card form" />;

const GROUPED_MAX = 19 + 4; // 19 digits and the spaces between groups of four

/** Name, number, expiry, CVC, save-card and the billing address of a new card. */
export function NewCardFields({ value, onChange, invalid, disabled, cvcMessage, withSaveCard = true, renderLocation, entry, declined }: NewCardFieldsProps) {
  const set = (patch: Partial<CardForm>, ...touched: string[]) => onChange({ ...value, ...patch }, touched);

  const stripeCard =
    entry.mode === 'stripe' ? (
      <Suspense fallback={cardSkeleton}>
        <StripeCardElement
          publishableKey={entry.publishableKey!}
          handleRef={entry.handle}
          disabled={disabled}
          invalid={invalid.paymentMethodId || invalid.cardNumber || false}
          onEdit={() => onChange(value, ['cardNumber', 'paymentMethodId'])}
        />
      </Suspense>
    ) : entry.mode === 'loading' ? (
      cardSkeleton
    ) : (
      <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
        <Group justify="space-between" gap="xs">
          <Text size="sm">{gatewayMessages.cardFormUnavailable}</Text>
          <Button variant="subtle" size="compact-sm" onClick={entry.retry}>
            Try again
          </Button>
        </Group>
      </Alert>
    );

  return (
    <Stack gap="md">
      {entry.mode === 'sandbox' && !disabled && <TestModeNote onUse={(cardNumber) => set({ cardNumber }, 'cardNumber')} />}
      <TextInput
        label="Name on Card"
        required
        autoComplete="cc-name"
        maxLength={TEXT_MAX}
        disabled={disabled}
        value={value.nameOnCard}
        error={invalid.nameOnCard}
        onChange={(e) => set({ nameOnCard: e.currentTarget.value }, 'nameOnCard')}
      />
      {entry.mode === 'sandbox' ? (
        <>
          <TextInput
            label="Card Number"
            required
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 5678 9012 3456"
            maxLength={GROUPED_MAX}
            disabled={disabled}
            leftSection={<IconCreditCard size={18} aria-hidden />}
            value={value.cardNumber}
            error={invalid.cardNumber}
            onChange={(e) => {
              const next = typedCardNumber(e.currentTarget.value);
              if (next === null) {
                notify.info(messages.cardNumberNumeric);
                set({ cardNumber: '' }, 'cardNumber');
              } else {
                set({ cardNumber: next }, 'cardNumber');
              }
            }}
          />
          <SimpleGrid cols={3} spacing="sm">
            <Select
              label="Month"
              required
              placeholder="MM"
              data={MONTHS}
              allowDeselect={false}
              disabled={disabled}
              value={value.month}
              error={invalid.month}
              onChange={(month) => set({ month }, 'month')}
            />
            <Select
              label="Year"
              required
              placeholder="YYYY"
              data={expiryYears()}
              allowDeselect={false}
              disabled={disabled}
              value={value.year}
              error={invalid.year}
              onChange={(year) => set({ year }, 'year')}
            />
            <TextInput
              label="CVC"
              required
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="123"
              maxLength={CVC_LENGTH}
              disabled={disabled}
              value={value.cardCvc}
              error={invalid.cardCvc}
              onChange={(e) => {
                const next = typedCvc(e.currentTarget.value);
                if (next === null) notify.info(cvcMessage);
                else set({ cardCvc: next }, 'cardCvc');
              }}
            />
          </SimpleGrid>
        </>
      ) : (
        stripeCard
      )}
      {declined && !disabled && <CardDeclined message={declined} />}
      {withSaveCard && (
        <Checkbox
          label="Save this card for future payments"
          disabled={disabled}
          checked={value.saveCard}
          onChange={(e) => set({ saveCard: e.currentTarget.checked })}
        />
      )}

      {/* A saved card carries its own address: the section goes while one is chosen. */}
      {!disabled && (
        <>
          <Text fw={600} mt="xs">
            Billing Address
          </Text>
          <TextInput
            label="Address"
            required
            autoComplete="street-address"
            maxLength={TEXT_MAX}
            value={value.address}
            error={invalid.address}
            onChange={(e) => set({ address: e.currentTarget.value }, 'address')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
            {renderLocation({
              value: value.location,
              onChange: (location) => set({ location }, 'country', 'state', 'city'),
              invalid: { country: invalid.country, state: invalid.state, city: invalid.city },
              required: true,
            })}
            <ZipCodeInput required value={value.zipCode} error={invalid.zipCode} onChange={(zipCode) => set({ zipCode }, 'zipCode')} />
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
