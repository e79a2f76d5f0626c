import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { notificationsStore } from '@mantine/notifications';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { billingMessages, messages } from '@copydesk/shared';
import { json, mockApi, renderRoute, route, signIn, type FetchCall } from '@/test/utils';

/**
 * Stripe mode (docs/decisions/0014-card-data-and-secrets.md) on the payment page and in the add-balance modal, with Stripe's packages
 * mocked: the card element stands in as one text box that reports "complete" for a full test
 * number, and createPaymentMethod answers what each test needs.
 */
const stripe = vi.hoisted(() => ({
  loadStripe: vi.fn(),
  createPaymentMethod: vi.fn(),
  cardElement: { kind: 'the mounted card element' },
}));

vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: stripe.loadStripe }));

vi.mock('@stripe/react-stripe-js', async () => {
  const { useEffect, useState } = await import('react');
  type Change = { complete: boolean; empty: boolean; error?: { message: string } };
  return {
    Elements: ({ stripe: promise, children }: { stripe: Promise<unknown>; children: React.ReactNode }) => {
      const [ready, setReady] = useState<unknown>(null);
      useEffect(() => void promise.then(setReady), [promise]);
      return ready ? children : null;
    },
    CardElement: ({ onChange, options }: { onChange: (e: Change) => void; options: { disabled?: boolean } }) => (
      <input
        aria-label="Stripe card"
        disabled={options.disabled}
        onChange={(e) => {
          const digits = e.currentTarget.value.replace(/\D/g, '');
          onChange({
            complete: digits.length === 16,
            empty: digits.length === 0,
            error: /[a-z]/i.test(e.currentTarget.value) ? { message: 'Your card number is invalid.' } : undefined,
          });
        }}
      />
    ),
    useStripe: () => ({ createPaymentMethod: stripe.createPaymentMethod }),
    useElements: () => ({ getElement: () => stripe.cardElement }),
  };
});

beforeEach(() => {
  stripe.loadStripe.mockReset().mockResolvedValue({ createPaymentMethod: stripe.createPaymentMethod });
  stripe.createPaymentMethod.mockReset().mockResolvedValue({ paymentMethod: { id: 'pm_1TestVisa', card: { last4: '4242' } } });
});

type Handler = (call: FetchCall) => Response | undefined;
const STRIPE_CONFIG = { gateway: 'stripe', publishable_key: 'pk_test_copydesk' };
const SANDBOX_CONFIG = { gateway: 'sandbox', publishable_key: null };

function api(config: object, over: Record<string, Handler> = {}) {
  const auth = signIn('agency');
  return mockApi((call) => {
    const key = route(call);
    if (over[key]) return over[key](call);
    switch (key) {
      case 'GET /api/getInfo':
        return json(200, { user: auth.user });
      case 'GET /api/payment-config':
        return json(200, config);
      case 'GET /api/getOfferStatus':
        return json(200, { message: '', remaining_amount: 0, show: false });
      case 'GET /api/order/getById/5':
        return json(200, {
          order: {
            id: 5,
            order_date: '2026-03-01',
            no_of_content: 1,
            order_by: 'Ada Lovelace',
            user_id: 7,
            total: 28,
            status: 'UNPAID',
            unpaid: true,
            payment_id: null,
            created_at: '2026-03-01T09:00:00Z',
          },
          content: [],
          total: 28,
          orderBreakDown: [{ itemType: 'Blog Post', itemWord: '500 Words', itemWordPrice: 28, itemCount: 1, itemAddons: null, itemAddonPrice: 0 }],
          message: 'Order details loaded.',
        });
      case 'GET /api/billing/getAvailableBalance/7':
        return json(200, { balance: 10 });
      case 'GET /api/billing/getSpending/7':
        return json(200, { spending: 0 });
      case 'GET /api/user/getsavedcards/7':
        return json(200, { data: [] });
      case 'GET /api/billing':
        return json(200, { data: [], meta: { from: null, to: null, total: 0, last_page: 1, current_page: 1, per_page: 5 } });
      case 'GET /api/getCounties':
        return json(200, { data: [{ id: 'US', name: 'United States' }] });
      case 'GET /api/getStatesByCounties/US':
        return json(200, { data: [{ id: 'US-IL', name: 'Illinois' }] });
      case 'GET /api/getCitiesByStates/US-IL':
        return json(200, { data: [{ id: 'Springfield', name: 'Springfield' }] });
    }
  });
}

const selectInput = (label: RegExp, root: HTMLElement) =>
  within(root)
    .getAllByLabelText(label)
    .find((el) => el.tagName === 'INPUT') as HTMLInputElement;
const option = (name: string) => screen.findByRole('option', { name, hidden: true });

/** Puts text into a field as one paste: typing it key by key redraws the whole payment form per key, and typing is not what these tests are about. */
async function enter(user: UserEvent, input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

/** Name on card and the billing address: what stays on the screen in stripe mode. */
async function fillNameAndAddress(user: UserEvent, root: HTMLElement) {
  await enter(user, within(root).getByLabelText(/^Name on Card/), 'Ada Lovelace');
  await enter(user, within(root).getByLabelText(/^Address/), '1 Main St');
  await user.click(selectInput(/^Country/, root));
  await user.click(await option('United States'));
  await waitFor(() => expect(selectInput(/^State/, root)).toBeEnabled());
  await user.click(selectInput(/^State/, root));
  await user.click(await option('Illinois'));
  await waitFor(() => expect(selectInput(/^City/, root)).toBeEnabled());
  await user.click(selectInput(/^City/, root));
  await user.click(await option('Springfield'));
  await enter(user, within(root).getByLabelText(/^Zip Code/), '62701');
}

const BILLING_DETAILS = { name: 'Ada Lovelace', address: { line1: '1 Main St', city: 'Springfield', state: 'Illinois', postal_code: '62701' } };

async function openPaymentNewCard(config: object, over: Record<string, Handler> = {}) {
  const calls = api(config, over);
  const view = renderRoute('/payment/5');
  await screen.findByText('Order Summary');
  await view.user.click(screen.getByRole('tab', { name: 'New Card' }));
  return { ...view, calls, panel: screen.getByRole('tabpanel') };
}

const posts = (calls: FetchCall[], key: string) => calls.filter((c) => route(c) === key);

describe('payment page in stripe mode', () => {
  it("puts Stripe's card element in place of number, expiry and CVC, and keeps the rest of the form", async () => {
    const { panel } = await openPaymentNewCard(STRIPE_CONFIG);

    expect(await within(panel).findByLabelText('Stripe card')).toBeInTheDocument();
    expect(within(panel).getByText('Card Details')).toBeInTheDocument();
    expect(stripe.loadStripe).toHaveBeenCalledWith('pk_test_copydesk');
    for (const gone of [/^Card Number/, /^Month/, /^Year/, /^CVC/]) expect(within(panel).queryByLabelText(gone)).not.toBeInTheDocument();
    for (const kept of [/^Name on Card/, /^Address/, /^Zip Code/, 'Save this card for future payments']) {
      expect(within(panel).getAllByLabelText(kept).length).toBeGreaterThan(0);
    }
  });

  it('sends the PaymentMethod id with the name and address, and no card number, expiry or CVC', async () => {
    const { user, calls, panel } = await openPaymentNewCard(STRIPE_CONFIG, {
      'POST /api/order/pay': () => json(200, { message: billingMessages.paid, payment_id: 41, offer_message: null }),
    });
    await enter(user, await within(panel).findByLabelText('Stripe card'), '4242424242424242');
    await fillNameAndAddress(user, panel);
    await user.click(within(panel).getByLabelText('Save this card for future payments'));
    await user.click(screen.getByRole('checkbox', { name: /I accept the/ }));
    await user.click(screen.getByRole('button', { name: /^Pay / }));

    const dialog = await screen.findByRole('dialog', { name: 'Order Confirmed' });
    expect(within(dialog).getByText('Payment Type').nextSibling).toHaveTextContent('Card ending in 4242');
    expect(stripe.createPaymentMethod).toHaveBeenCalledExactlyOnceWith({ type: 'card', card: stripe.cardElement, billing_details: BILLING_DETAILS });
    const [pay] = posts(calls, 'POST /api/order/pay');
    expect(pay!.body).toEqual({
      paymentInfo: {
        order_id: 5,
        coupon_id: null,
        coupon_code: null,
        total: 28,
        payment_type: 'NewCard',
        nameOnCard: 'Ada Lovelace',
        saveCard: true,
        address: '1 Main St',
        country: 'United States',
        state: 'Illinois',
        city: 'Springfield',
        zipCode: '62701',
        paymentMethodId: 'pm_1TestVisa',
        termsAccepted: true,
      },
    });
    expect(JSON.stringify(pay!.body)).not.toContain('4242424242424242');
  });

  it('marks an empty card element as required and asks Stripe for nothing', async () => {
    const { user, calls, panel } = await openPaymentNewCard(STRIPE_CONFIG);
    await within(panel).findByLabelText('Stripe card');
    await fillNameAndAddress(user, panel);
    await user.click(screen.getByRole('checkbox', { name: /I accept the/ }));
    await user.click(screen.getByRole('button', { name: /^Pay / }));

    expect(await screen.findByText(messages.requiredFields)).toBeInTheDocument();
    expect(within(panel).getByTestId('stripe-card')).toHaveAttribute('data-error', 'true');
    expect(stripe.createPaymentMethod).not.toHaveBeenCalled();
    expect(posts(calls, 'POST /api/order/pay')).toHaveLength(0);
  });

  it("shows Stripe's refusal and sends no payment", async () => {
    stripe.createPaymentMethod.mockResolvedValue({ error: { type: 'card_error', message: 'Your card was declined.' } });
    const { user, calls, panel } = await openPaymentNewCard(STRIPE_CONFIG);
    await enter(user, await within(panel).findByLabelText('Stripe card'), '4000000000000002');
    await fillNameAndAddress(user, panel);
    await user.click(screen.getByRole('checkbox', { name: /I accept the/ }));
    await user.click(screen.getByRole('button', { name: /^Pay / }));

    expect(await screen.findByText('Your card was declined.')).toBeInTheDocument();
    expect(posts(calls, 'POST /api/order/pay')).toHaveLength(0);
    await waitFor(() => expect(screen.getByRole('button', { name: /^Pay / })).toBeEnabled());
  });

  it('checks the terms before creating a PaymentMethod', async () => {
    const { user, panel } = await openPaymentNewCard(STRIPE_CONFIG);
    await enter(user, await within(panel).findByLabelText('Stripe card'), '4242424242424242');
    await fillNameAndAddress(user, panel);
    await user.click(screen.getByRole('button', { name: /^Pay / }));

    expect(await screen.findByText(messages.acceptTerms)).toBeInTheDocument();
    expect(stripe.createPaymentMethod).not.toHaveBeenCalled();
  });
});

describe('payment page in sandbox mode', () => {
  it('keeps the card number, expiry and CVC fields, sends them, and never loads Stripe', async () => {
    const { user, calls, panel } = await openPaymentNewCard(SANDBOX_CONFIG, {
      'POST /api/order/pay': () => json(200, { message: billingMessages.paid, payment_id: 41, offer_message: null }),
    });
    await enter(user, await within(panel).findByLabelText(/^Card Number/), '4242424242424242');
    await user.click(selectInput(/^Month/, panel));
    await user.click(await option('12'));
    const year = String(new Date().getFullYear() + 2);
    await user.click(selectInput(/^Year/, panel));
    await user.click(await option(year));
    await enter(user, within(panel).getByLabelText(/^CVC/), '123');
    await fillNameAndAddress(user, panel);
    await user.click(screen.getByRole('checkbox', { name: /I accept the/ }));
    await user.click(screen.getByRole('button', { name: /^Pay / }));

    await screen.findByRole('dialog', { name: 'Order Confirmed' });
    const [pay] = posts(calls, 'POST /api/order/pay');
    expect(pay!.body).toMatchObject({ paymentInfo: { payment_type: 'NewCard', cardNumber: '4242424242424242', cardCvc: '123', month: '12', year } });
    expect(pay!.body).not.toHaveProperty('paymentInfo.paymentMethodId');
    expect(screen.queryByLabelText('Stripe card')).not.toBeInTheDocument();
    expect(stripe.loadStripe).not.toHaveBeenCalled();
    expect(stripe.createPaymentMethod).not.toHaveBeenCalled();
  });
});

describe('card form when the gateway is unknown', () => {
  it('says the card form cannot load, takes no card, and tries again on request', async () => {
    let answer: Response = json(503, { message: 'down' });
    const { user, calls, panel } = await openPaymentNewCard(STRIPE_CONFIG, { 'GET /api/payment-config': () => answer });

    expect(await within(panel).findByRole('alert')).toHaveTextContent(/secure card form could not be loaded/);
    expect(within(panel).queryByLabelText(/^Card Number/)).not.toBeInTheDocument();
    answer = json(200, STRIPE_CONFIG);
    await user.click(within(panel).getByRole('button', { name: 'Try again' }));
    expect(await within(panel).findByLabelText('Stripe card')).toBeInTheDocument();
    expect(posts(calls, 'GET /api/payment-config').length).toBeGreaterThan(1);
  });
});

describe('add-balance modal in stripe mode', () => {
  it('tops up with a PaymentMethod id and keeps amount, name, save card and address', async () => {
    const calls = api(STRIPE_CONFIG, { 'POST /api/billing/addBalance': () => json(200, { message: billingMessages.balanceAdded }) });
    const { user } = renderRoute('/billing');
    await user.click(await screen.findByRole('button', { name: 'Add Balance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Balance' });

    await enter(user, await within(dialog).findByLabelText('Stripe card'), '4242424242424242');
    expect(within(dialog).queryByLabelText(/^Card Number/)).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText(/^CVC/)).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Amount/), '100');
    await fillNameAndAddress(user, dialog);
    await user.click(within(dialog).getByLabelText('Save this card for future payments'));
    await user.click(within(dialog).getByRole('button', { name: 'Add Balance' }));

    expect(await screen.findByText(billingMessages.balanceAdded)).toBeInTheDocument();
    expect(stripe.createPaymentMethod).toHaveBeenCalledExactlyOnceWith({ type: 'card', card: stripe.cardElement, billing_details: BILLING_DETAILS });
    const [post] = posts(calls, 'POST /api/billing/addBalance');
    expect(post!.body).toEqual({
      paymentInfo: {
        balance: 100,
        nameOnCard: 'Ada Lovelace',
        saveCard: true,
        address: '1 Main St',
        country: 'United States',
        state: 'Illinois',
        city: 'Springfield',
        zipCode: '62701',
        paymentMethodId: 'pm_1TestVisa',
      },
    });
    expect(post!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("shows the element's own message for a bad number and sends nothing", async () => {
    const calls = api(STRIPE_CONFIG);
    const { user } = renderRoute('/billing');
    await user.click(await screen.findByRole('button', { name: 'Add Balance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Balance' });
    await user.type(await within(dialog).findByLabelText('Stripe card'), '4242x');
    expect(within(dialog).getByText('Your card number is invalid.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Amount/), '100');
    await fillNameAndAddress(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Add Balance' }));

    // Said under the card element only, not in a toast too.
    expect(screen.getAllByText('Your card number is invalid.')).toHaveLength(1);
    expect(notificationsStore.getState().notifications).toEqual([]);
    expect(stripe.createPaymentMethod).not.toHaveBeenCalled();
    expect(posts(calls, 'POST /api/billing/addBalance')).toHaveLength(0);
  });
});
