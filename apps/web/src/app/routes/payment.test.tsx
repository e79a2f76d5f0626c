import { screen, waitFor, within } from '@testing-library/react';
import { notificationsStore } from '@mantine/notifications';
import { describe, expect, it } from 'vitest';
import { billingMessages, couponMessages, messages, RELOAD_AFTER_SAVE_MS, type ContentItem } from '@copydesk/shared';
import { contentItem } from '@/features/orders/testing/fixtures';
import { json, mockApi, pickIn, renderRoute, route, signIn, type FetchCall } from '@/test/utils';

type Handler = (call: FetchCall) => Response | Promise<Response> | undefined;

const orderDetail = (order: Record<string, unknown> = {}) => ({
  order: {
    id: 5,
    order_date: '2026-03-01',
    no_of_content: 2,
    order_by: 'Ada Lovelace',
    user_id: 7,
    total: 88,
    status: 'UNPAID',
    unpaid: true,
    payment_id: null,
    created_at: '2026-03-01T09:00:00Z',
    ...order,
  },
  content: [],
  total: 88,
  orderBreakDown: [
    { itemType: 'Blog Post', itemWord: '500 Words', itemWordPrice: 28, itemCount: 1, itemAddons: null, itemAddonPrice: 0 },
    { itemType: 'Article', itemWord: '1000 Words', itemWordPrice: 50, itemCount: 1, itemAddons: 'SEO Optimisation', itemAddonPrice: 10 },
  ],
  message: 'Order details loaded.',
});

const percent10 = { id: 9, coupon_code: 'SAVE10', type: 'percentage', amount: 10, message: couponMessages.applied };

function paymentApi(role: 'agency' | 'associate', over: Record<string, Handler> = {}, userOverrides = {}) {
  const auth = signIn(role, userOverrides);
  const calls = mockApi((call) => {
    const key = route(call);
    if (over[key]) return over[key](call);
    switch (key) {
      case 'GET /api/getInfo':
        return json(200, { user: auth.user });
      case 'GET /api/payment-config':
        return json(200, { gateway: 'sandbox', publishable_key: null });
      case 'GET /api/order/getById/5':
        return json(200, orderDetail());
      case 'GET /api/billing/getAvailableBalance/7':
        return json(200, { balance: 500 });
      case 'GET /api/user/getsavedcards/7':
        return json(200, { data: [{ id: 3, card_last_digits: '4242', card_expiry: '12/30' }] });
      case 'GET /api/apply-coupon/SAVE10':
        return json(200, percent10);
      case 'GET /api/getCounties':
        return json(200, { data: [] });
    }
  });
  return { auth, calls };
}

async function openPayment(role: 'agency' | 'associate' = 'agency', over: Record<string, Handler> = {}, path = '/payment/5') {
  const api = paymentApi(role, over);
  const view = renderRoute(path);
  await screen.findByText('Order Summary');
  return { ...view, ...api };
}

const count = (calls: FetchCall[], key: string) => calls.filter((c) => route(c) === key).length;
const walletBox = () => screen.getByRole('checkbox', { name: 'Pay with your Available Balance' });
const tab = (name: string) => screen.getByRole('tab', { name });
const noCards = () => json(200, { data: [] });
const savedCardInput = () => screen.getAllByLabelText(/^Saved Card/).find((el) => el.tagName === 'INPUT') as HTMLInputElement;
const terms = () => screen.getByRole('checkbox', { name: /I accept the/ });
const payButton = () => screen.getByRole('button', { name: /^Pay / });

describe('payment: what each role sees', () => {
  it('shows an associate only the wallet, with its own pay button text', async () => {
    const { calls } = await openPayment('associate');

    expect(screen.getByRole('tab', { name: 'Wallet' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'New Card' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Saved Card' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay with your Available Balance' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Balance?' })).not.toBeInTheDocument();
    expect(count(calls, 'GET /api/user/getsavedcards/7')).toBe(0);
  });

  it('shows an agency the three tabs, the summary and the Add Balance? link', async () => {
    await openPayment('agency');

    expect(screen.getByRole('tab', { name: 'Wallet' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(walletBox()).toBeChecked());
    expect(screen.getByRole('tab', { name: 'New Card' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Saved Card' })).toBeInTheDocument();
    // It opens the Add Balance dialog over this order (see 'payment: wallet').
    expect(screen.getByRole('button', { name: 'Add Balance?' })).toBeInTheDocument();
    expect(screen.getByText('Blog Post')).toBeInTheDocument();
    expect(screen.getByText('1000 Words · SEO Optimisation')).toBeInTheDocument();
    expect(screen.getByText('$60.00')).toBeInTheDocument();
    expect(payButton()).toHaveTextContent('Pay $88.00');
    expect(screen.getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/create/5');
    expect(screen.getByRole('link', { name: 'Back to the order brief' })).toHaveAttribute('href', '/create/5');
  });
});

describe('payment: wallet', () => {
  it('disables the wallet box when the balance does not cover the total', async () => {
    const { user } = await openPayment('agency', { 'GET /api/billing/getAvailableBalance/7': () => json(200, { balance: 50 }) });
    await waitFor(() => expect(tab('Saved Card')).toHaveAttribute('aria-selected', 'true'));
    await user.click(tab('Wallet'));
    await waitFor(() => expect(walletBox()).toBeDisabled());
    expect(walletBox()).not.toBeChecked();
    expect(screen.getByText(messages.balanceNotEnough)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Notify Agency' })).not.toBeInTheDocument();
  });

  it('allows the wallet when the balance equals the total', async () => {
    await openPayment('agency', { 'GET /api/billing/getAvailableBalance/7': () => json(200, { balance: 88 }) });
    await waitFor(() => expect(walletBox()).toBeEnabled());
  });

  it('turns Pay off, and says why, when the wallet is unticked', async () => {
    const { user, calls } = await openPayment('associate');
    const pay = screen.getByRole('button', { name: 'Pay with your Available Balance' });
    await waitFor(() => expect(walletBox()).toBeChecked());
    expect(pay).toBeEnabled();
    await user.click(walletBox());
    await user.click(terms());
    expect(pay).toBeDisabled();
    expect(screen.getByText(messages.selectWallet)).toBeInTheDocument();
    expect(pay).toHaveAccessibleDescription(messages.selectWallet);
    expect(count(calls, 'POST /api/order/pay')).toBe(0);
  });

  it('keeps Pay off for an associate whose wallet cannot pay', async () => {
    await openPayment('associate', { 'GET /api/billing/getAvailableBalance/7': () => json(200, { balance: 10 }) });
    await screen.findByRole('button', { name: 'Notify Agency' });
    expect(walletBox()).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Pay with your Available Balance' })).toBeDisabled();
  });

  it('tops the wallet up in the Add Balance dialog over the order, then shows the new balance and lets the wallet pay', async () => {
    let balance = 50;
    const { user, calls, router } = await openPayment('agency', {
      'GET /api/billing/getAvailableBalance/7': () => json(200, { balance }),
      'POST /api/billing/addBalance': () => {
        balance = 100;
        return json(200, { message: billingMessages.balanceAdded });
      },
    });
    await waitFor(() => expect(tab('Saved Card')).toHaveAttribute('aria-selected', 'true'));
    await user.click(tab('Wallet'));
    await waitFor(() => expect(walletBox()).toBeDisabled());
    await user.click(screen.getByRole('button', { name: 'Add Balance?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Balance' });
    await waitFor(() => expect(within(dialog).queryByLabelText('Loading the card form')).not.toBeInTheDocument());
    await user.type(within(dialog).getByLabelText(/^Amount/), '50');
    // The newest saved card is chosen on opening.
    await waitFor(() => expect(within(dialog).getByRole('tab', { name: 'Saved Card' })).toHaveAttribute('aria-selected', 'true'));
    await user.click(within(dialog).getByRole('button', { name: 'Add Balance' }));
    await screen.findByText(billingMessages.balanceAdded);
    expect(calls.find((c) => route(c) === 'POST /api/billing/addBalance')?.body).toEqual({ paymentInfo: { balance: 50, savedCardid: 3 } });

    // Still this order's payment, with the balance read again: the wallet can pay now.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Balance' })).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/payment/5');
    await waitFor(() => expect(walletBox()).toBeEnabled());
    expect(walletBox().closest('.mantine-Paper-root')).toHaveTextContent('Available Balance$100.00');
    expect(screen.queryByText(messages.balanceNotEnough)).not.toBeInTheDocument();
  });

  it("lets an associate short of funds notify the agency once, naming the order, then says 'Email already sent.'", async () => {
    const { user, calls } = await openPayment('associate', {
      'GET /api/billing/getAvailableBalance/7': () => json(200, { balance: 10 }),
      'GET /api/notifyAgency': () => json(200, { message: 'Your agency has been notified.' }),
    });
    const notifyButton = await screen.findByRole('button', { name: 'Notify Agency' });

    await user.click(notifyButton);
    expect(await screen.findByText('Your agency has been notified.')).toBeInTheDocument();
    await user.click(notifyButton);
    expect(await screen.findByText(messages.emailAlreadySent)).toBeInTheDocument();
    expect(count(calls, 'GET /api/notifyAgency')).toBe(1);
    const notified = calls.find((c) => route(c) === 'GET /api/notifyAgency')!;
    expect(new URL(notified.url, 'http://test.local').searchParams.get('order_id')).toBe('5');
  });
});

describe('payment: coupon', () => {
  it('needs a code, applies it with the shared discount rule, refuses it twice and removes it', async () => {
    const { user } = await openPayment();
    const apply = screen.getByRole('button', { name: 'Apply Coupon' });

    await user.click(apply);
    expect(await screen.findByText(messages.fieldRequired)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Coupon Code'), 'SAVE10');
    await user.click(apply);
    expect(await screen.findByText('Discount (SAVE10)')).toBeInTheDocument();
    expect(screen.getByText('Subtotal')).toBeInTheDocument();
    expect(screen.getByText('$88.00')).toBeInTheDocument();
    expect(screen.getByText('-$8.80')).toBeInTheDocument();
    expect(payButton()).toHaveTextContent('Pay $79.20');

    await user.click(apply);
    expect(await screen.findByText(messages.couponAlreadyApplied)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove coupon' }));
    expect(screen.queryByText('Discount (SAVE10)')).not.toBeInTheDocument();
    expect(screen.queryByText(messages.couponAlreadyApplied)).not.toBeInTheDocument();
    expect(payButton()).toHaveTextContent('Pay $88.00');
    expect(screen.getByLabelText('Coupon Code')).toHaveValue('');
  });

  it('refuses a fixed coupon that is not below the total', async () => {
    const { user } = await openPayment('agency', {
      'GET /api/apply-coupon/BIG': () => json(200, { id: 4, coupon_code: 'BIG', type: 'fixed', amount: 88, message: couponMessages.applied }),
    });
    await user.type(screen.getByLabelText('Coupon Code'), 'BIG');
    await user.click(screen.getByRole('button', { name: 'Apply Coupon' }));
    expect(await screen.findByText(messages.couponAboveTotal)).toBeInTheDocument();
    expect(payButton()).toHaveTextContent('Pay $88.00');
  });

  it("shows the server's refusal under the field", async () => {
    const { user } = await openPayment('agency', {
      'GET /api/apply-coupon/OLD': () => json(422, { message: couponMessages.expired, errors: { coupon: [couponMessages.expired] } }),
    });
    await user.type(screen.getByLabelText('Coupon Code'), 'OLD');
    await user.click(screen.getByRole('button', { name: 'Apply Coupon' }));
    expect(await screen.findByText(couponMessages.expired)).toBeInTheDocument();
    expect(screen.getByLabelText('Coupon Code')).toHaveAttribute('aria-invalid', 'true');
    // Under the field only: no toast too.
    expect(notificationsStore.getState().notifications).toEqual([]);
  });

  it('shows a coupon refused at payment under the coupon field, not in a toast', async () => {
    const { user } = await openPayment('agency', {
      'POST /api/order/pay': () => json(422, { message: couponMessages.expired, errors: { 'paymentInfo.coupon': [couponMessages.expired] } }),
    });
    await waitFor(() => expect(walletBox()).toBeChecked());
    await user.click(terms());
    await user.click(payButton());
    expect(await screen.findByText(couponMessages.expired)).toBeInTheDocument();
    expect(screen.getByLabelText('Coupon Code')).toHaveAttribute('aria-invalid', 'true');
    expect(notificationsStore.getState().notifications).toEqual([]);
  });
});

describe('payment: cards', () => {
  it('says No saved cards. on the saved-card tab when there are none, with Pay off', async () => {
    const { user, calls } = await openPayment('agency', {
      'GET /api/user/getsavedcards/7': noCards,
      'GET /api/billing/getAvailableBalance/7': () => json(200, { balance: 50 }),
    });
    await waitFor(() => expect(tab('New Card')).toHaveAttribute('aria-selected', 'true'));
    await user.click(tab('Saved Card'));
    expect(await screen.findByText(messages.noSavedCards)).toBeInTheDocument();
    await user.click(terms());
    expect(payButton()).toBeDisabled();
    expect(count(calls, 'POST /api/order/pay')).toBe(0);
  });

  it('asks for a saved card to be chosen, with Pay off until one is', async () => {
    const { user } = await openPayment('agency', { 'GET /api/billing/getAvailableBalance/7': () => json(200, { balance: 50 }) });
    await waitFor(() => expect(savedCardInput()).toHaveValue('*** *** **** 4242 | 12/30'));
    await pickIn(user, savedCardInput(), messages.addNewCard);
    expect(tab('New Card')).toHaveAttribute('aria-selected', 'true');
    await user.click(tab('Saved Card'));
    expect(payButton()).toBeDisabled();
    expect(screen.getByText(messages.selectSavedCard)).toBeInTheDocument();
    await pickIn(user, savedCardInput(), '*** *** **** 4242 | 12/30');
    expect(payButton()).toBeEnabled();
    expect(screen.queryByText(messages.selectSavedCard)).not.toBeInTheDocument();
  });

  it("uses the payment page's CVC message and clears the card when the wallet is ticked", async () => {
    const { user } = await openPayment();
    await user.click(screen.getByRole('tab', { name: 'New Card' }));
    // The wallet was chosen for the user: leave it for a new card.
    await user.click(await screen.findByRole('button', { name: 'Use a new card instead' }));
    await user.type(screen.getByLabelText(/^CVC/), 'z');
    expect(await screen.findByText(messages.cvcNumericPayment)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Name on Card/), 'Ada Lovelace');

    await user.click(screen.getByRole('tab', { name: 'Wallet' }));
    await user.click(walletBox());
    await user.click(screen.getByRole('tab', { name: 'New Card' }));

    expect(screen.getByLabelText(/^Name on Card/)).toHaveValue('');
    expect(screen.getByLabelText(/^Name on Card/)).toBeDisabled();
    expect(screen.queryByLabelText(/^Address/)).not.toBeInTheDocument();
  });

  it('says under each empty card field and the terms what is missing, all at once, and focuses the first', async () => {
    const { user, calls } = await openPayment();
    await user.click(screen.getByRole('tab', { name: 'New Card' }));
    await user.click(await screen.findByRole('button', { name: 'Use a new card instead' }));
    await user.click(payButton());
    await waitFor(() => expect(screen.getByLabelText(/^Name on Card/)).toHaveFocus());
    for (const label of [/^Name on Card/, /^Card Number/, /^CVC/, /^Address/, /^Zip Code/]) {
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription(messages.requiredFields);
    }
    expect(terms()).toHaveAccessibleDescription(messages.acceptTerms);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(count(calls, 'POST /api/order/pay')).toBe(0);
  });

  it('pays with a saved card', async () => {
    const { user, calls } = await openPayment('agency', {
      'POST /api/order/pay': () => json(200, { message: billingMessages.paid, payment_id: 41, offer_message: null }),
    });
    await user.click(screen.getByRole('tab', { name: 'Saved Card' }));
    await user.click(screen.getAllByLabelText(/^Saved Card/).find((el) => el.tagName === 'INPUT')!);
    await user.click(await screen.findByRole('option', { name: '*** *** **** 4242 | 12/30', hidden: true }));
    await user.click(terms());
    await user.click(payButton());

    const dialog = await screen.findByRole('dialog', { name: 'Order Confirmed' });
    expect(within(dialog).getByText('Saved card *** *** **** 4242 | 12/30')).toBeInTheDocument();
    expect(calls.find((c) => route(c) === 'POST /api/order/pay')?.body).toEqual({
      paymentInfo: { order_id: 5, coupon_id: null, coupon_code: null, total: 88, payment_type: 'SavedCard', savedCardid: 3, termsAccepted: true },
    });
  });
});

describe('payment: paying', () => {
  it('requires the terms to be accepted', async () => {
    const { user, calls } = await openPayment();
    await waitFor(() => expect(walletBox()).toBeChecked());
    await user.click(payButton());
    await waitFor(() => expect(terms()).toHaveAccessibleDescription(messages.acceptTerms));
    expect(terms()).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(terms()).toHaveFocus());
    expect(count(calls, 'POST /api/order/pay')).toBe(0);
  });

  it('pays from the wallet with the coupon and shows the confirmation', async () => {
    let balance = 500;
    const { user, calls, router } = await openPayment('agency', {
      'GET /api/billing/getAvailableBalance/7': () => json(200, { balance }),
      'POST /api/order/pay': () => {
        balance = 420.8;
        return json(200, { message: billingMessages.paid, payment_id: 41, offer_message: billingMessages.offerGranted('$100') });
      },
    });
    await user.type(screen.getByLabelText('Coupon Code'), 'SAVE10');
    await user.click(screen.getByRole('button', { name: 'Apply Coupon' }));
    await screen.findByText('Discount (SAVE10)');
    expect(walletBox()).toBeChecked();
    await user.click(terms());
    await user.click(payButton());

    const dialog = await screen.findByRole('dialog', { name: 'Order Confirmed' });
    expect(within(dialog).getByText('Amount Paid').nextSibling).toHaveTextContent('$79.20');
    expect(within(dialog).getByText('Discount').nextSibling).toHaveTextContent('$8.80 (SAVE10)');
    expect(within(dialog).getByText('Order ID').nextSibling).toHaveTextContent('#5');
    expect(within(dialog).getByText('Payment Type').nextSibling).toHaveTextContent('Wallet');
    expect(within(dialog).getByText('Date')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Download Invoice' })).toBeInTheDocument();
    expect(await screen.findByText(billingMessages.offerGranted('$100'))).toBeInTheDocument();

    const pay = calls.find((c) => route(c) === 'POST /api/order/pay')!;
    expect(pay.body).toEqual({
      paymentInfo: { order_id: 5, coupon_id: 9, coupon_code: 'SAVE10', total: 79.2, payment_type: 'Balance', termsAccepted: true },
    });
    expect(pay.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    // the balance in the top bar is read again
    expect(await screen.findByRole('link', { name: 'Available balance $420.80' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'View Order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/items/5'));
  });

  it('shows the error message of a failed payment and lets the user try again', async () => {
    const { user } = await openPayment('agency', {
      'POST /api/order/pay': () => json(422, { message: messages.balanceNotEnough, errors: { payment_type: [messages.balanceNotEnough] } }),
    });
    await waitFor(() => expect(walletBox()).toBeChecked());
    await user.click(terms());
    await user.click(payButton());
    expect(await screen.findByText(messages.balanceNotEnough)).toBeInTheDocument();
    // One toast, not two.
    expect(notificationsStore.getState().notifications).toHaveLength(1);
    expect(screen.queryByRole('dialog', { name: 'Order Confirmed' })).not.toBeInTheDocument();
    await waitFor(() => expect(payButton()).toBeEnabled());
  });
});

describe('payment: orders that cannot be paid', () => {
  it('sends a paid order back to the redirect target with a message', async () => {
    paymentApi('agency', { 'GET /api/order/getById/5': () => json(200, orderDetail({ unpaid: false, status: 'IN-PROGRESS', payment_id: 12 })) });
    const { router } = renderRoute('/payment/5?redirect=/my-account');
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-account'));
    expect(await screen.findByText(billingMessages.alreadyPaid)).toBeInTheDocument();
  });

  it('tells an unverified user to verify first and does not load the order', async () => {
    const { calls } = paymentApi('agency', {}, { email_verified_at: null });
    renderRoute('/payment/5');
    expect(await screen.findAllByText(messages.verifyToViewOrder)).not.toHaveLength(0);
    expect(count(calls, 'GET /api/order/getById/5')).toBe(0);
  });

  it('keeps a user the server finds unverified on the screen, saying why (by the code of the refusal)', async () => {
    paymentApi('agency', { 'GET /api/order/getById/5': () => json(403, { code: 'order.email_unverified', message: messages.verifyToViewOrder }) });
    const { router } = renderRoute('/payment/5?redirect=/my-account');
    expect(await screen.findAllByText(messages.verifyToViewOrder)).not.toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, RELOAD_AFTER_SAVE_MS + 200));
    expect(router.state.location.pathname).toBe('/payment/5');
  });

  it('sends the user back on any other refusal, whatever its words', async () => {
    paymentApi('agency', { 'GET /api/order/getById/5': () => json(403, { code: 'auth.forbidden', message: messages.verifyToViewOrder }) });
    const { router } = renderRoute('/payment/5?redirect=/my-account');
    expect(await screen.findAllByText(messages.verifyToViewOrder)).not.toHaveLength(0);
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-account'));
  });

  it("shows the server's message when the order cannot be loaded", async () => {
    paymentApi('agency', { 'GET /api/order/getById/5': () => json(404, { message: messages.notFound }) });
    const { router } = renderRoute('/payment/5?redirect=/my-account');
    expect(await screen.findAllByText(messages.notFound)).not.toHaveLength(0);
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-account'));
  });
});

describe('payment: what the screen starts with', () => {
  const lastBilling = {
    name: 'Ada Lovelace',
    address: '12 Analytical Row',
    country_id: 'US',
    country: 'United States',
    state_id: 'US-CA',
    state: 'California',
    city: 'San Francisco',
    zip_code: '94105',
  };
  const geo: Record<string, Handler> = {
    'GET /api/getCounties': () => json(200, { data: [{ id: 'US', name: 'United States' }] }),
    'GET /api/getStatesByCounties/US': () => json(200, { data: [{ id: 'US-CA', name: 'California' }] }),
    'GET /api/getCitiesByStates/US-CA': () => json(200, { data: [{ id: 'San Francisco', name: 'San Francisco' }] }),
  };

  it('chooses the newest saved card when the wallet cannot cover the order, never the wallet', async () => {
    await openPayment('agency', {
      'GET /api/billing/getAvailableBalance/7': () => json(200, { balance: 50 }),
      'GET /api/user/getsavedcards/7': () =>
        json(200, {
          data: [
            { id: 8, card_last_digits: '1881', card_expiry: '01/31' },
            { id: 3, card_last_digits: '4242', card_expiry: '12/30' },
          ],
        }),
    });
    await waitFor(() => expect(tab('Saved Card')).toHaveAttribute('aria-selected', 'true'));
    expect(savedCardInput()).toHaveValue('*** *** **** 1881 | 01/31');
    expect(payButton()).toBeEnabled();
  });

  it('chooses a new card when the wallet cannot cover the order and there is no saved card', async () => {
    await openPayment('agency', { 'GET /api/billing/getAvailableBalance/7': () => json(200, { balance: 50 }), 'GET /api/user/getsavedcards/7': noCards });
    await waitFor(() => expect(tab('New Card')).toHaveAttribute('aria-selected', 'true'));
    expect(screen.getByLabelText(/^Card Number/)).toBeEnabled();
  });

  it('fills in the billing address of the last card payment, and a decline is said beside the card', async () => {
    const { user, calls } = await openPayment('agency', {
      ...geo,
      'GET /api/billing/getAvailableBalance/7': () => json(200, { balance: 50 }),
      'GET /api/user/getsavedcards/7': () => json(200, { data: [], billing_address: lastBilling }),
      'POST /api/order/pay': () => json(402, { message: billingMessages.declined }),
    });
    await waitFor(() => expect(tab('New Card')).toHaveAttribute('aria-selected', 'true'));
    await waitFor(() => expect(screen.getByLabelText(/^Address/)).toHaveValue('12 Analytical Row'));
    expect(screen.getByLabelText(/^Name on Card/)).toHaveValue('Ada Lovelace');
    expect(screen.getByLabelText(/^Zip Code/)).toHaveValue('94105');
    await waitFor(() => expect(screen.getAllByLabelText(/^State/).find((el) => el.tagName === 'INPUT')).toHaveValue('California'));

    // The test card that is declined, typed from the test-mode note.
    const note = screen.getByRole('note');
    expect(within(note).getByText('Test mode')).toBeInTheDocument();
    await user.click(within(note).getByRole('button', { name: 'Use test card 4000 0000 0000 0002 (Card declined)' }));
    expect(screen.getByLabelText(/^Card Number/)).toHaveValue('4000 0000 0000 0002');
    await pickIn(
      user,
      screen.getAllByLabelText(/^Month/).find((el) => el.tagName === 'INPUT')!,
      '12',
    );
    const year = String(new Date().getFullYear() + 2);
    await pickIn(
      user,
      screen.getAllByLabelText(/^Year/).find((el) => el.tagName === 'INPUT')!,
      year,
    );
    await user.type(screen.getByLabelText(/^CVC/), '123');
    await user.click(terms());
    await user.click(payButton());

    const inline = await waitFor(() => {
      const found = screen.getAllByRole('alert').find((el) => el.textContent?.includes('Payment not completed'));
      expect(found).toBeDefined();
      return found!;
    });
    expect(inline).toHaveTextContent(billingMessages.declined);
    expect(screen.getByRole('tabpanel')).toContainElement(inline);
    expect(calls.find((c) => route(c) === 'POST /api/order/pay')?.body).toMatchObject({
      paymentInfo: {
        payment_type: 'NewCard',
        nameOnCard: 'Ada Lovelace',
        address: '12 Analytical Row',
        country: 'United States',
        state: 'California',
        city: 'San Francisco',
        zipCode: '94105',
      },
    });

    // Another card: the message goes.
    await user.clear(screen.getByLabelText(/^Card Number/));
    expect(screen.queryByText('Payment not completed')).not.toBeInTheDocument();
  });

  it('says a declined saved card beside the saved card', async () => {
    const { user } = await openPayment('agency', {
      'GET /api/billing/getAvailableBalance/7': () => json(200, { balance: 50 }),
      'POST /api/order/pay': () => json(402, { message: billingMessages.insufficientFunds }),
    });
    await waitFor(() => expect(savedCardInput()).toHaveValue('*** *** **** 4242 | 12/30'));
    await user.click(terms());
    await user.click(payButton());
    const panel = screen.getByRole('tabpanel');
    await waitFor(() => expect(within(panel).getByRole('alert')).toHaveTextContent(billingMessages.insufficientFunds));
    // Beside the card only: no toast too.
    expect(notificationsStore.getState().notifications).toEqual([]);
    expect(screen.queryByRole('dialog', { name: 'Order Confirmed' })).not.toBeInTheDocument();
  });

  it('shows no test cards outside sandbox mode', async () => {
    const { user } = await openPayment('agency', {
      'GET /api/payment-config': () => json(200, { gateway: 'stripe', publishable_key: null }),
      'GET /api/user/getsavedcards/7': noCards,
    });
    await user.click(tab('New Card'));
    await user.click(await screen.findByRole('button', { name: 'Use a new card instead' }));
    expect(await screen.findByText(/secure card form could not be loaded/)).toBeInTheDocument();
    expect(screen.queryByText('Test mode')).not.toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('never says "Pay $0.00" while the order loads, and lists the items by title', async () => {
    let release: (() => void) | undefined;
    const loaded = new Promise<void>((resolve) => (release = resolve));
    const item = (id: number, title: string, extra: Partial<ContentItem> = {}) =>
      contentItem({
        id,
        content_id: id,
        article_title: title,
        title,
        order_type: 'Blog Post',
        word_count: '500 Words',
        addOn: null,
        cost: 28,
        ...extra,
      });
    paymentApi('agency', {
      'GET /api/order/getById/5': async () => {
        await loaded;
        return json(200, {
          ...orderDetail(),
          content: [item(1, 'Ten ways to ship faster'), item(2, 'Rockets for everyone', { addOn: 'SEO Optimisation', cost: 38 })],
          total: 66,
        });
      },
    });
    renderRoute('/payment/5');
    const pay = await screen.findByRole('button', { name: /^Pay/ });
    expect(pay).toHaveTextContent(/^Pay$/);
    expect(pay).toBeDisabled();
    expect(screen.queryByText(/\$0\.00/)).not.toBeInTheDocument();

    release!();
    const items = await screen.findByRole('list', { name: 'Order items' });
    expect(within(items).getByText('Ten ways to ship faster')).toBeInTheDocument();
    expect(within(items).getByText('Rockets for everyone')).toBeInTheDocument();
    expect(within(items).getByText('Blog Post · 500 Words · SEO Optimisation')).toBeInTheDocument();
    expect(within(items).getByText('$38.00')).toBeInTheDocument();
  });
});
