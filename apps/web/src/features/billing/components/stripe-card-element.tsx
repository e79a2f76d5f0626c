import { useEffect, useRef, useState, type RefObject } from 'react';
import { Alert, Button, Group, Input, Text } from '@mantine/core';
import '@mantine/core/styles/Alert.css';
import { IconAlertTriangle } from '@tabler/icons-react';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
// The pure entry adds Stripe.js to the page on the first loadStripe call, not on import.
import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe, StripeCardElementChangeEvent, StripeCardElementOptions } from '@stripe/stripe-js';
import { billingMessages, gatewayMessages } from '@copydesk/shared';
import type { CardElementStatus, StripeCardHandle } from '../lib/stripe-card';

/**
 * Stripe mode's card number, expiry and CVC: Stripe's card element inside <Elements>. This file
 * is the only one importing the Stripe packages and is loaded lazily, only when GET
 * /payment-config says `stripe`; the card details never touch this app's code or server.
 */

const loads = new Map<string, Promise<Stripe | null>>();

/** One Stripe.js per key and visit. A failed load (offline, blocked) resolves to null and is tried again next time. */
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let promise = loads.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey).catch(() => {
      loads.delete(publishableKey);
      return null;
    });
    loads.set(publishableKey, promise);
  }
  return promise;
}

// Stripe draws the fields in its own frame: the look of Mantine's inputs is passed in.
const elementOptions = (disabled: boolean): StripeCardElementOptions => ({
  // The form has its own Zip Code, sent with the billing address.
  hidePostalCode: true,
  disabled,
  style: {
    base: {
      fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      fontSize: '14px',
      color: '#000000',
      '::placeholder': { color: '#adb5bd' },
    },
    invalid: { color: '#c92a2a', iconColor: '#c92a2a' },
  },
});

type StripeCardElementProps = {
  publishableKey: string;
  /** Filled with what the form needs on submit while the element is mounted. */
  handleRef: RefObject<StripeCardHandle | null>;
  disabled?: boolean;
  /** Marked by the form's check or the server's answer: its message (shown under the card), or `true`. */
  invalid?: boolean | string;
  /** Called on every change, so the form can clear its red mark. */
  onEdit: () => void;
};

function CardField({ handleRef, disabled = false, invalid, onEdit }: Omit<StripeCardElementProps, 'publishableKey'>) {
  const stripe = useStripe();
  const elements = useElements();
  const status = useRef<CardElementStatus>({ complete: false, empty: true, error: null });
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!stripe || !elements) return;
    handleRef.current = {
      status: () => status.current,
      async createPaymentMethod(billingDetails) {
        const card = elements.getElement(CardElement);
        if (!card) return { ok: false, message: billingMessages.gatewayUnavailable };
        try {
          const result = await stripe.createPaymentMethod({ type: 'card', card, billing_details: billingDetails });
          if (result.error) {
            const message = result.error.message ?? billingMessages.declined;
            setError(result.error.type === 'validation_error' ? message : null);
            return { ok: false, message };
          }
          return { ok: true, id: result.paymentMethod.id, last4: result.paymentMethod.card?.last4 ?? null };
        } catch {
          return { ok: false, message: billingMessages.gatewayUnavailable };
        }
      },
    };
    return () => {
      handleRef.current = null;
    };
  }, [stripe, elements, handleRef]);

  const onChange = (event: StripeCardElementChangeEvent) => {
    status.current = { complete: event.complete, empty: event.empty, error: event.error?.message ?? null };
    setError(event.error?.message ?? null);
    onEdit();
  };

  return (
    <Input.Wrapper label="Card Details" description="Card number, expiry date and CVC" required error={error ?? (typeof invalid === 'string' ? invalid : null)}>
      <Input
        component="div"
        data-testid="stripe-card"
        disabled={disabled}
        error={Boolean(invalid || error)}
        styles={{ input: { display: 'flex', flexDirection: 'column', justifyContent: 'center' } }}
      >
        <CardElement options={elementOptions(disabled)} onChange={onChange} />
      </Input>
    </Input.Wrapper>
  );
}

/** The card element, or what went wrong loading Stripe.js with a way to try again. */
export default function StripeCardElement({ publishableKey, ...field }: StripeCardElementProps) {
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(false);
  // A new promise per attempt: <Elements> takes its `stripe` prop once.
  const [stripe, setStripe] = useState(() => stripeFor(publishableKey));

  useEffect(() => {
    let live = true;
    void stripe.then((loaded) => {
      if (live && !loaded) setFailed(true);
    });
    return () => {
      live = false;
    };
  }, [stripe]);

  if (failed) {
    return (
      <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
        <Group justify="space-between" gap="xs">
          <Text size="sm">{gatewayMessages.cardFormUnavailable}</Text>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => {
              setFailed(false);
              setAttempt(attempt + 1);
              setStripe(stripeFor(publishableKey));
            }}
          >
            Try again
          </Button>
        </Group>
      </Alert>
    );
  }

  return (
    <Elements key={attempt} stripe={stripe}>
      <CardField {...field} />
    </Elements>
  );
}
