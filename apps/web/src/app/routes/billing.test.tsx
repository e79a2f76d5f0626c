import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { notificationsStore } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { billingHistoryMessages, billingMessages, listScreenMessages, messages } from '@copydesk/shared';
import { json, mockApi, renderRoute, route, signIn, type FetchCall } from '@/test/utils';

type Role = 'admin' | 'agency' | 'associate';

const monthLabel = (month: string) => new Date(`${month}-01T00:00:00Z`).toLocaleDateString(undefined, { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** A row of the billing history; a card payment (the wallet untouched) unless `overrides` say otherwise. */
const row = (overrides: Record<string, unknown> = {}) => {
  const fields = {
    id: 1,
    invoice: 'CD-2026-000001',
    user: 'Ada Lovelace',
    email: 'ada@example.com',
    description: 'Order Payment #12',
    method: 'Card',
    amount: 88,
    wallet_amount: 0,
    balance_after: null,
    date: '2026-03-02T10:00:00Z',
    type: 'order payment',
    order_id: 12,
    ...overrides,
  };
  return { key: `p${fields.id}`, ...fields };
};

/** The spending chart's series: six months, the newest with `spending`. */
const SPENDING_SERIES = { data: ['2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06'].map((month, i) => ({ month, spending: i === 5 ? 66 : 0 })) };

const page = (data: unknown[], total = data.length) => ({
  data,
  meta: { from: data.length ? 1 : null, to: data.length || null, total, last_page: Math.max(1, Math.ceil(total / 5)), current_page: 1, per_page: 5 },
});

const CARDS = [
  { id: 3, card_last_digits: '4242', card_expiry: '12/30' },
  { id: 2, card_last_digits: '1881', card_expiry: '01/29' },
];

type Handler = (call: FetchCall) => Response | undefined;

/** Signs in as `role` and answers the billing calls; `over` replaces answers by `METHOD /path`. */
function billingApi(role: Role, over: Record<string, Handler> = {}) {
  const auth = signIn(role);
  const calls = mockApi((call) => {
    const key = route(call);
    if (over[key]) return over[key](call);
    switch (key) {
      case 'GET /api/getInfo':
        return json(200, { user: auth.user });
      case 'GET /api/payment-config':
        return json(200, { gateway: 'sandbox', publishable_key: null });
      case 'GET /api/billing/getAvailableBalance/7':
        return json(200, { balance: 500 });
      case 'GET /api/billing/getSpending/7':
        return json(200, { spending: 1234.5 });
      case 'GET /api/user/getsavedcards/7':
        return json(200, { data: CARDS });
      case 'GET /api/billing':
        return json(200, page([row()]));
      case 'GET /api/billing/spendingByMonth':
        return json(200, SPENDING_SERIES);
      case 'GET /api/user/getuserbyrole/agency':
        return json(200, { data: [{ id: 31, name: 'Alex Agency', email: 'agency@example.com', company_name: 'Acme Media', status: 1 }] });
      case 'GET /api/getCounties':
        return json(200, { data: [{ id: 'US', name: 'United States' }] });
      case 'GET /api/getStatesByCounties/US':
        return json(200, { data: [{ id: 'US-IL', name: 'Illinois' }] });
      case 'GET /api/getCitiesByStates/US-IL':
        return json(200, { data: [{ id: 'Springfield', name: 'Springfield' }] });
    }
  });
  return { auth, calls };
}

const count = (calls: FetchCall[], key: string) => calls.filter((c) => route(c) === key).length;

/** A Select's text box (its option list carries the same label). */
const selectInput = (label: RegExp, root: HTMLElement = document.body) =>
  within(root)
    .getAllByLabelText(label)
    .find((el) => el.tagName === 'INPUT') as HTMLInputElement;

/** An option of an open Select; inside a modal its portaled list counts as hidden in jsdom. */
const option = (name: string) => screen.findByRole('option', { name, hidden: true });

/** Puts text into a field as one paste, for a test about something other than typing: the add-balance form redraws per key. */
async function enter(user: UserEvent, input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

async function openBilling(role: Role, over: Record<string, Handler> = {}, path = '/billing') {
  const api = billingApi(role, over);
  const view = renderRoute(path);
  await screen.findByRole('heading', { name: 'Billing', level: 1 });
  return { ...view, ...api };
}

async function openAddBalance(over: Record<string, Handler> = {}) {
  const view = await openBilling('agency', over);
  await view.user.click(await screen.findByRole('button', { name: 'Add Balance' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Balance' });
  // The dialog loads when first opened, and asks then which card form to draw.
  await waitFor(() => expect(within(dialog).queryByLabelText('Loading the card form')).not.toBeInTheDocument());
  return { ...view, dialog };
}

describe('billing: the three cards per role', () => {
  it('shows an agency its spending, balance with Add Balance, and its newest card as Recent', async () => {
    await openBilling('agency');

    expect(await screen.findByText('$1,234.50')).toBeInTheDocument();
    expect(screen.getByText('Total Spending')).toBeInTheDocument();
    expect(screen.getByText('Available Balance')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Balance' })).toBeInTheDocument();
    expect(await screen.findByText('Card ending in 4242, Expiry 12/30')).toBeInTheDocument();
    expect(screen.getByText('Recent')).toBeInTheDocument();
    expect(screen.queryByText(/1881/)).not.toBeInTheDocument();
  });

  it('opens the Add Balance dialog at once for ?add-balance=1 (the Notify Agency email), and only once', async () => {
    const { router } = await openBilling('agency', {}, '/billing?add-balance=1');
    expect(await screen.findByRole('dialog', { name: 'Add Balance' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/billing');
  });

  it('opens nothing for ?add-balance=1 to an associate, who cannot top up', async () => {
    const { router } = await openBilling('associate', {}, '/billing?add-balance=1');
    expect(await screen.findByText('$1,234.50')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Add Balance' })).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?add-balance=1');
  });

  it('says No saved card. when the agency has none', async () => {
    await openBilling('agency', { 'GET /api/user/getsavedcards/7': () => json(200, { data: [] }) });
    expect(await screen.findByText(messages.noSavedCard)).toBeInTheDocument();
  });

  it('shows an associate the balance without Add Balance and no saved cards', async () => {
    const { calls } = await openBilling('associate');

    expect(await screen.findByText('$1,234.50')).toBeInTheDocument();
    expect(screen.getByText('Available Balance')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Balance' })).not.toBeInTheDocument();
    expect(screen.queryByText('Payment Methods')).not.toBeInTheDocument();
    expect(count(calls, 'GET /api/user/getsavedcards/7')).toBe(0);
  });

  it('shows an admin no spending or balance of its own, but Add Balance for agencies', async () => {
    const { calls } = await openBilling('admin');

    expect(screen.getByRole('button', { name: 'Add Balance' })).toBeInTheDocument();
    expect(screen.queryByText('Total Spending')).not.toBeInTheDocument();
    expect(screen.queryByText('Payment Methods')).not.toBeInTheDocument();
    expect(count(calls, 'GET /api/billing/getAvailableBalance/7')).toBe(0);
    expect(count(calls, 'GET /api/billing/getSpending/7')).toBe(0);
  });
});

describe('top bar balance', () => {
  it('shows the wallet balance to an agency', async () => {
    await openBilling('agency');
    expect(await screen.findByRole('link', { name: 'Available balance $500.00' })).toHaveAttribute('href', '/billing');
  });

  it('shows the agency balance to an associate', async () => {
    await openBilling('associate');
    expect(await screen.findByRole('link', { name: 'Available balance $500.00' })).toBeInTheDocument();
  });

  it('is not shown to an admin', async () => {
    await openBilling('admin');
    await screen.findByText('CD-2026-000001');
    expect(screen.queryByRole('link', { name: /Available balance/ })).not.toBeInTheDocument();
  });
});

describe('billing: add balance (agency)', () => {
  it('groups the card number in fours and clears it with a toast on a letter', async () => {
    const { user, dialog } = await openAddBalance({ 'GET /api/user/getsavedcards/7': () => json(200, { data: [] }) });
    const number = within(dialog).getByLabelText(/^Card Number/);

    await user.type(number, '4242424242424242');
    expect(number).toHaveValue('4242 4242 4242 4242');

    await user.type(number, 'x');
    expect(await screen.findByText(messages.cardNumberNumeric)).toBeInTheDocument();
    expect(number).toHaveValue('');
  });

  it('takes three digits of CVC and says so for anything else', async () => {
    const { user, dialog } = await openAddBalance({ 'GET /api/user/getsavedcards/7': () => json(200, { data: [] }) });
    const cvc = within(dialog).getByLabelText(/^CVC/);

    await user.type(cvc, '12a');
    expect(await screen.findByText(messages.cvcNumeric)).toBeInTheDocument();
    expect(cvc).toHaveValue('12');
    await user.type(cvc, '34');
    expect(cvc).toHaveValue('123');
  });

  it('says under each required field that it is missing, focuses the first and sends nothing when the form is empty', async () => {
    const { user, dialog, calls } = await openAddBalance({ 'GET /api/user/getsavedcards/7': () => json(200, { data: [] }) });

    await user.click(within(dialog).getByRole('button', { name: 'Add Balance' }));

    await waitFor(() => expect(within(dialog).getByLabelText(/^Amount/)).toHaveFocus());
    for (const label of [/^Amount/, /^Name on Card/, /^Card Number/, /^CVC/, /^Address/, /^Zip Code/]) {
      expect(within(dialog).getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
      // The message first, then the field's own description (the amount's example).
      expect(within(dialog).getByLabelText(label)).toHaveAccessibleDescription(expect.stringContaining(messages.requiredFields));
    }
    expect(count(calls, 'POST /api/billing/addBalance')).toBe(0);
  });

  it("refuses an amount of 0 with the original portal's message", async () => {
    const { user, dialog, calls } = await openAddBalance();
    await user.type(within(dialog).getByLabelText(/^Amount/), '0');
    await user.click(within(dialog).getByRole('tab', { name: 'Saved Card' }));
    await user.click(selectInput(/^Saved Card/, dialog));
    await user.click(await option('*** *** **** 4242 | 12/30'));

    await user.click(within(dialog).getByRole('button', { name: 'Add Balance' }));

    expect(await screen.findByText(messages.balancePositive)).toBeInTheDocument();
    expect(count(calls, 'POST /api/billing/addBalance')).toBe(0);
  });

  it('tops up with a new card, refreshes the balance and says what the server said', async () => {
    let balance = 500;
    const { user, dialog, calls } = await openAddBalance({
      'POST /api/billing/addBalance': () => {
        balance = 600;
        return json(200, { message: billingMessages.balanceAdded });
      },
      'GET /api/billing/getAvailableBalance/7': () => json(200, { balance }),
      'GET /api/user/getsavedcards/7': () => json(200, { data: [] }),
    });
    await enter(user, within(dialog).getByLabelText(/^Amount/), '100');
    await enter(user, within(dialog).getByLabelText(/^Name on Card/), 'Ada Lovelace');
    await enter(user, within(dialog).getByLabelText(/^Card Number/), '4242424242424242');
    await user.click(selectInput(/^Month/, dialog));
    await user.click(await option('12'));
    const year = String(new Date().getFullYear() + 2);
    await user.click(selectInput(/^Year/, dialog));
    await user.click(await option(year));
    await enter(user, within(dialog).getByLabelText(/^CVC/), '123');
    await user.click(within(dialog).getByLabelText('Save this card for future payments'));
    await enter(user, within(dialog).getByLabelText(/^Address/), '1 Main St');
    await user.click(selectInput(/^Country/, dialog));
    await user.click(await option('United States'));
    await waitFor(() => expect(selectInput(/^State/, dialog)).toBeEnabled());
    await user.click(selectInput(/^State/, dialog));
    await user.click(await option('Illinois'));
    await waitFor(() => expect(selectInput(/^City/, dialog)).toBeEnabled());
    await user.click(selectInput(/^City/, dialog));
    await user.click(await option('Springfield'));
    await enter(user, within(dialog).getByLabelText(/^Zip Code/), '62701');

    await user.click(within(dialog).getByRole('button', { name: 'Add Balance' }));

    expect(await screen.findByText(billingMessages.balanceAdded)).toBeInTheDocument();
    const post = calls.find((c) => route(c) === 'POST /api/billing/addBalance')!;
    expect(post.body).toEqual({
      paymentInfo: {
        balance: 100,
        nameOnCard: 'Ada Lovelace',
        cardNumber: '4242424242424242',
        cardCvc: '123',
        month: '12',
        year,
        saveCard: true,
        address: '1 Main St',
        country: 'United States',
        state: 'Illinois',
        city: 'Springfield',
        zipCode: '62701',
      },
    });
    expect(post.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    // refetched, not reloaded: the top bar shows the new balance
    expect(await screen.findByRole('link', { name: 'Available balance $600.00' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Balance' })).not.toBeInTheDocument());
  });

  it('pays with a saved card: the new-card fields are cleared and disabled, the address hidden', async () => {
    const { user, dialog, calls } = await openAddBalance({
      'POST /api/billing/addBalance': () => json(200, { message: billingMessages.balanceAdded }),
    });
    await user.type(within(dialog).getByLabelText(/^Amount/), '49.5');
    // The newest saved card is chosen on opening: leave it for a new card and type in it first.
    await user.click(within(dialog).getByRole('tab', { name: 'New Card' }));
    await user.click(within(dialog).getByRole('button', { name: messages.addNewCard }));
    await user.type(within(dialog).getByLabelText(/^Name on Card/), 'Typed before');

    await user.click(within(dialog).getByRole('tab', { name: 'Saved Card' }));
    await user.click(selectInput(/^Saved Card/, dialog));
    expect(await option(messages.addNewCard)).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: '*** *** **** 4242 | 12/30', hidden: true }));

    await user.click(within(dialog).getByRole('tab', { name: 'New Card' }));
    expect(within(dialog).getByLabelText(/^Name on Card/)).toBeDisabled();
    expect(within(dialog).getByLabelText(/^Name on Card/)).toHaveValue('');
    expect(within(dialog).getByLabelText(/^Card Number/)).toBeDisabled();
    expect(within(dialog).queryByLabelText(/^Address/)).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Add Balance' }));
    await screen.findByText(billingMessages.balanceAdded);
    expect(calls.find((c) => route(c) === 'POST /api/billing/addBalance')?.body).toEqual({ paymentInfo: { balance: 49.5, savedCardid: 3 } });
  });

  it("goes back to the new-card form with 'Add a new card'", async () => {
    const { user, dialog } = await openAddBalance();
    await user.click(within(dialog).getByRole('tab', { name: 'Saved Card' }));
    await user.click(selectInput(/^Saved Card/, dialog));
    await user.click(await option(messages.addNewCard));

    expect(within(dialog).getByRole('tab', { name: 'New Card' })).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).getByLabelText(/^Card Number/)).toBeEnabled();
    expect(within(dialog).getByLabelText(/^Address/)).toBeInTheDocument();
  });

  it('says No saved card. in the saved-card tab when there are none', async () => {
    const { user, dialog } = await openAddBalance({ 'GET /api/user/getsavedcards/7': () => json(200, { data: [] }) });
    await user.click(within(dialog).getByRole('tab', { name: 'Saved Card' }));
    expect(await within(dialog).findByText(messages.noSavedCard)).toBeInTheDocument();
  });

  it('says a decline beside the card, not in a toast too, and keeps the form', async () => {
    const { user, dialog } = await openAddBalance({
      'POST /api/billing/addBalance': () => json(402, { message: billingMessages.declined }),
    });
    await user.type(within(dialog).getByLabelText(/^Amount/), '10');
    await user.click(within(dialog).getByRole('tab', { name: 'Saved Card' }));
    await user.click(selectInput(/^Saved Card/, dialog));
    await user.click(await option('*** *** **** 1881 | 01/29'));
    await user.click(within(dialog).getByRole('button', { name: 'Add Balance' }));

    // Beside the card, and only there.
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(billingMessages.declined);
    expect(screen.getAllByText(billingMessages.declined)).toHaveLength(1);
    expect(notificationsStore.getState().notifications).toEqual([]);
    expect(screen.getByRole('dialog', { name: 'Add Balance' })).toBeInTheDocument();
  });
});

describe('billing: add balance (admin)', () => {
  it('credits the chosen agency with an amount and a description', async () => {
    const { user, calls } = await openBilling('admin', {
      'POST /api/billing/addBalance': () => json(200, { message: billingMessages.balanceCredited('Acme Media') }),
    });
    await user.click(screen.getByRole('button', { name: 'Add Balance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Balance' });

    await user.click(within(dialog).getByRole('button', { name: 'Add Balance' }));
    await waitFor(() => expect(within(dialog).getByLabelText(/^Description/)).toHaveAccessibleDescription(messages.requiredFields));
    expect(within(dialog).getByLabelText(/^Description/)).toHaveAttribute('aria-invalid', 'true');

    await user.click(selectInput(/^Agency/, dialog));
    await user.click(await option('Acme Media · agency@example.com'));
    await user.type(within(dialog).getByLabelText(/^Amount/), '250.5');
    await user.type(within(dialog).getByLabelText(/^Description/), 'Goodwill credit');
    await user.click(within(dialog).getByRole('button', { name: 'Add Balance' }));

    expect(await screen.findByText(billingMessages.balanceCredited('Acme Media'))).toBeInTheDocument();
    expect(calls.find((c) => route(c) === 'POST /api/billing/addBalance')?.body).toEqual({
      paymentInfo: { balanceByAdmin: true, agency: 31, balance: 250.5, description: 'Goodwill credit' },
    });
    expect(within(dialog).queryByLabelText(/^Card Number/)).not.toBeInTheDocument();
  });

  it('retries an attempt whose answer was lost under the same Idempotency-Key, and starts a new one after an answer', async () => {
    let posts = 0;
    const { user, calls } = await openBilling('admin', {
      'POST /api/billing/addBalance': () => {
        posts += 1;
        if (posts === 1) return json(503, { message: 'The database is not reachable right now.' });
        if (posts === 2) return json(422, { message: 'Try again.', errors: { 'paymentInfo.balance': ['Try again.'] } });
        return json(200, { message: billingMessages.balanceCredited('Acme Media') });
      },
    });
    await user.click(screen.getByRole('button', { name: 'Add Balance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Balance' });
    await user.click(selectInput(/^Agency/, dialog));
    await user.click(await option('Acme Media · agency@example.com'));
    await user.type(within(dialog).getByLabelText(/^Amount/), '25');
    await user.type(within(dialog).getByLabelText(/^Description/), 'Goodwill credit');
    const send = () => user.click(within(dialog).getByRole('button', { name: 'Add Balance' }));
    const keys = () => calls.filter((c) => route(c) === 'POST /api/billing/addBalance').map((c) => c.headers.get('Idempotency-Key'));

    await send(); // 503: the answer is lost, the attempt goes on
    await waitFor(() => expect(keys()).toHaveLength(1));
    await send(); // same payload, same attempt: same key; this time a definitive 422
    await waitFor(() => expect(keys()).toHaveLength(2));
    expect(keys()[1]).toBe(keys()[0]);
    await send(); // after a definitive answer a new attempt starts
    expect(await screen.findByText(billingMessages.balanceCredited('Acme Media'))).toBeInTheDocument();
    expect(keys()[2]).not.toBe(keys()[0]);
    expect(keys()[2]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows the server message when the agency list cannot be read', async () => {
    const { user } = await openBilling('admin', { 'GET /api/user/getuserbyrole/agency': () => json(404, { message: 'Route not found.' }) });
    await user.click(screen.getByRole('button', { name: 'Add Balance' }));
    expect(await screen.findByText('Route not found.')).toBeInTheDocument();
  });
});

describe('billing: history', () => {
  it('says No data found. with no payments', async () => {
    await openBilling('agency', { 'GET /api/billing': () => json(200, page([])) });
    expect(await screen.findByText(messages.noData)).toBeInTheDocument();
    expect(screen.getByText(listScreenMessages.billingNone)).toBeInTheDocument();
    expect(screen.getByText('Showing 0 to 0 of 0 entries')).toBeInTheDocument();
  });

  it('shows a failed history as an error with Retry, not as an empty one, and Retry asks again', async () => {
    let failing = true;
    const history = (call: FetchCall) => route(call) === 'GET /api/billing' && new URL(call.url, 'http://x').searchParams.get('limit') === '5';
    const { user, calls } = await openBilling('agency', {
      'GET /api/billing': (call) => (failing && history(call) ? json(500, { message: messages.serverError }) : json(200, page([row()]))),
    });
    const alert = (await screen.findByText(listScreenMessages.billingFailed)).closest<HTMLElement>('[role="alert"]')!;
    expect(alert).toHaveTextContent(messages.serverError);
    expect(screen.queryByText(messages.noData)).not.toBeInTheDocument();
    expect(screen.queryByText('Showing 0 to 0 of 0 entries')).not.toBeInTheDocument();

    const before = calls.filter(history).length;
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'View invoice CD-2026-000001' })).toBeInTheDocument();
    expect(calls.filter(history).length).toBe(before + 1);
    expect(screen.getByText('Showing 1 to 1 of 1 entries')).toBeInTheDocument();
  });

  it('lists payments with user and email, and counts them', async () => {
    await openBilling('agency', {
      'GET /api/billing': () =>
        json(
          200,
          page([row(), row({ id: 2, invoice: 'CD-2026-000002', type: 'add balance', description: 'Add balance', amount: 100, method: 'Saved Card' })], 7),
        ),
    });
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('CD-2026-000002')).toBeInTheDocument();
    expect(within(table).getAllByText('ada@example.com')).toHaveLength(2);
    expect(within(table).getByText('+$100.00')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 2 of 7 entries')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeInTheDocument();
  });

  it('lists every movement of the wallet: credits marked, the offer credit without a document, the balance each left', async () => {
    await openBilling('agency', {
      'GET /api/billing': () =>
        json(
          200,
          page([
            row({
              id: null,
              key: 'e9',
              invoice: null,
              type: 'offer credit',
              method: 'Offer',
              description: 'Offer credit: paid orders reached 1000.00',
              amount: 100,
              wallet_amount: 100,
              balance_after: 260,
              order_id: null,
            }),
            row({
              id: 5,
              invoice: 'CD-2026-000005',
              type: 'admin credit',
              method: 'Admin',
              description: 'Goodwill',
              amount: 60,
              wallet_amount: 60,
              balance_after: 160,
              order_id: null,
            }),
            row({ id: 4, invoice: 'CD-2026-000004', method: 'Wallet', amount: 28, wallet_amount: -28, balance_after: 100 }),
            row(),
          ]),
        ),
    });
    const table = await screen.findByRole('table');
    const offer = await within(table).findByRole('row', { name: billingHistoryMessages.types['offer credit'] });
    expect(offer).toHaveTextContent(billingHistoryMessages.noDocument);
    expect(offer).toHaveTextContent('+$100.00');
    expect(offer).toHaveTextContent(billingHistoryMessages.balanceAfter('$260.00'));
    expect(within(offer).queryByRole('button')).not.toBeInTheDocument();
    const admin = within(table).getByRole('row', { name: 'Invoice CD-2026-000005' });
    expect(admin).toHaveTextContent(billingHistoryMessages.types['admin credit']);
    expect(admin).toHaveTextContent('+$60.00');
    expect(within(table).getByRole('row', { name: 'Invoice CD-2026-000004' })).toHaveTextContent(billingHistoryMessages.balanceAfter('$100.00'));
    // A card payment left the wallet as it was.
    expect(within(table).getByRole('row', { name: 'Invoice CD-2026-000001' })).toHaveTextContent(billingHistoryMessages.walletUntouched);
  });

  it('charts the monthly spending the server sums, net of refunds', async () => {
    await openBilling('agency');
    expect(await screen.findByText(billingHistoryMessages.chartSubtitle(`${monthLabel('2026-01')} – ${monthLabel('2026-06')}`))).toBeInTheDocument();
    expect(screen.getByRole('img', { name: billingHistoryMessages.chartLabel })).toBeInTheDocument();
  });

  it('asks the server for page 1 of 5, newest first, then sorts by the clicked column both ways', async () => {
    const { user, calls } = await openBilling('agency');
    await screen.findByText('CD-2026-000001');
    const last = () => new URL(calls.filter((c) => route(c) === 'GET /api/billing').at(-1)!.url, 'http://x').searchParams;
    await waitFor(() => expect(Object.fromEntries(last())).toMatchObject({ page: '1', limit: '5', sort_column: 'id', sort_order: 'desc' }));

    await user.click(screen.getByRole('button', { name: 'Amount' }));
    await waitFor(() => expect(Object.fromEntries(last())).toMatchObject({ sort_column: 'total', sort_order: 'asc' }));
    expect(screen.getByRole('columnheader', { name: 'Amount' })).toHaveAttribute('aria-sort', 'ascending');

    await user.click(screen.getByRole('button', { name: 'Amount' }));
    await waitFor(() => expect(Object.fromEntries(last())).toMatchObject({ sort_column: 'total', sort_order: 'desc' }));

    await user.click(screen.getByRole('button', { name: 'Date' }));
    await waitFor(() => expect(Object.fromEntries(last())).toMatchObject({ sort_column: 'created_at', sort_order: 'asc' }));
  });

  it('filters by dates and text, and the reset icon clears them', async () => {
    const { user, calls } = await openBilling('agency');
    await screen.findByText('CD-2026-000001');
    const last = () => Object.fromEntries(new URL(calls.filter((c) => route(c) === 'GET /api/billing').at(-1)!.url, 'http://x').searchParams);

    await user.type(screen.getByLabelText('From'), '2026-01-01');
    await user.type(screen.getByLabelText('Search'), 'ada');
    await waitFor(() => expect(last()).toMatchObject({ from: '2026-01-01', search: 'ada', page: '1' }));

    await user.click(screen.getByRole('button', { name: 'Reset filters' }));
    await waitFor(() => expect(last()).not.toHaveProperty('search'));
    expect(last()).not.toHaveProperty('from');
    expect(screen.getByLabelText('Search')).toHaveValue('');
  });

  it('shows an invoice with its lines, discount and method, and downloads it', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue({ opener: null } as Window);
    const { user } = await openBilling('agency', {
      'GET /api/billing/1': () =>
        json(200, {
          data: {
            ...row(),
            address: '1 Main St',
            city: 'Springfield',
            state: 'Illinois',
            zipcode: '62701',
            country: 'United States',
            phone: '+12025550123',
            company: 'Acme Media',
            subtotal: 98,
            discount: 10,
            coupon_code: 'SAVE10',
            total: 88,
            total_items: 2,
            card_last_digits: '4242',
            card_expiry: '12/30',
            orderBreakDown: [
              { title: 'Ten ways to ship faster', project_name: 'Acme blog', itemType: 'Blog Post', itemWord: '500 Words', itemWordPrice: 28 },
              {
                title: 'Remote teams',
                project_name: 'Acme blog',
                itemType: 'Article',
                itemWord: '1000 Words',
                itemWordPrice: 70,
                itemAddons: 'SEO Optimisation',
                itemAddonPrice: 10,
              },
            ],
          },
        }),
      'GET /api/order/downloadinvoice/1': () => json(200, { link: 'https://copydesk.test/api/invoices/signed/abc' }),
    });

    await user.click(await screen.findByRole('button', { name: 'View invoice CD-2026-000001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invoice CD-2026-000001' });
    expect(within(dialog).getByText('Order Summary')).toBeInTheDocument();
    expect(within(dialog).getByText('Ten ways to ship faster')).toBeInTheDocument();
    expect(within(dialog).getByText('1000 Words')).toBeInTheDocument();
    expect(within(dialog).getByText('Article + SEO Optimisation ($10.00)')).toBeInTheDocument();
    expect(within(dialog).getByText('+1 202 555 0123')).toBeInTheDocument();
    expect(within(dialog).getByText('Coupon discount (SAVE10)')).toBeInTheDocument();
    expect(within(dialog).getByText('-$10.00')).toBeInTheDocument();
    expect(within(dialog).getByText('Total Items')).toBeInTheDocument();
    expect(within(dialog).getByText('$88.00')).toBeInTheDocument();
    expect(within(dialog).getByText('Payment method: Card ending in 4242')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Download Invoice' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('https://copydesk.test/api/invoices/signed/abc', '_blank'));
  });

  it('shows a refund as a credit with its credit note, which opens and downloads like an invoice', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue({ opener: null } as Window);
    const refund = row({ id: 45, invoice: 'CN-2026-000045', type: 'refund', description: 'Refund for item #40 of order #12', method: 'Wallet', amount: 28 });
    const { user } = await openBilling('agency', {
      'GET /api/billing': () => json(200, page([refund, row()])),
      'GET /api/billing/45': () =>
        json(200, {
          data: {
            ...refund,
            address: null,
            city: null,
            state: null,
            zipcode: null,
            country: null,
            phone: null,
            company: 'Acme Media',
            subtotal: 28,
            discount: 0,
            coupon_code: null,
            total: 28,
            total_items: 0,
            card_last_digits: null,
            card_expiry: null,
            orderBreakDown: [],
          },
        }),
      'GET /api/order/downloadinvoice/45': () => json(200, { link: 'https://copydesk.test/api/invoices/signed/cn45' }),
    });
    const table = await screen.findByRole('table');
    const refundRow = (await within(table).findByText('CN-2026-000045')).closest('tr')!;
    expect(refundRow).toHaveTextContent('Refund');
    expect(refundRow).toHaveTextContent('+$28.00');
    // An order payment stays a debit.
    expect(within(table).getByText('CD-2026-000001').closest('tr')).toHaveTextContent('$88.00');
    expect(within(table).getByText('CD-2026-000001').closest('tr')).not.toHaveTextContent('+$88.00');

    await user.click(within(refundRow).getByRole('button', { name: 'View credit note CN-2026-000045' }));
    const dialog = await screen.findByRole('dialog', { name: 'Credit note CN-2026-000045' });
    expect(within(dialog).getByText('Refund for item #40 of order #12')).toBeInTheDocument();
    expect(within(dialog).getByText('Refunded to the wallet')).toBeInTheDocument();
    expect(within(dialog).getByText('+$28.00')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Download Credit Note' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('https://copydesk.test/api/invoices/signed/cn45', '_blank'));
  });

  it('shows a top-up invoice with its description', async () => {
    const { user } = await openBilling('agency', {
      'GET /api/billing': () =>
        json(200, page([row({ id: 5, invoice: 'CD-2026-000005', type: 'add balance', description: 'Add balance', method: 'Admin', order_id: null })])),
      'GET /api/billing/5': () =>
        json(200, {
          data: {
            ...row({ id: 5, invoice: 'CD-2026-000005', type: 'add balance', description: 'Goodwill credit', method: 'Admin', order_id: null, amount: 50 }),
            address: null,
            city: null,
            state: null,
            zipcode: null,
            country: null,
            phone: null,
            company: null,
            subtotal: 50,
            discount: 0,
            coupon_code: null,
            total: 50,
            total_items: 0,
            card_last_digits: null,
            card_expiry: null,
            orderBreakDown: [],
          },
        }),
      'GET /api/order/downloadinvoice/5': () => json(404, { message: 'Not found.' }),
    });

    await user.click(await screen.findByRole('button', { name: 'View invoice CD-2026-000005' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invoice CD-2026-000005' });
    expect(within(dialog).getByText('Description:')).toBeInTheDocument();
    expect(within(dialog).getByText('Goodwill credit')).toBeInTheDocument();
    expect(within(dialog).queryByText('Order Summary')).not.toBeInTheDocument();
    expect(within(dialog).queryByText(/Coupon discount/)).not.toBeInTheDocument();
    expect(within(dialog).getByText('Payment method: Admin')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Download Invoice' }));
    expect(await screen.findByText('Not found.')).toBeInTheDocument();
  });
});

describe('billing: history on a phone', () => {
  const desktop = window.matchMedia;
  afterEach(() => {
    window.matchMedia = desktop;
  });

  it('shows one card per payment with its amount, date and a View button in view', async () => {
    window.matchMedia = ((query: string) => ({ ...desktop(query), matches: query === '(max-width: 47.99em)' })) as typeof window.matchMedia;
    const { user } = await openBilling('agency', {
      'GET /api/billing/1': () => json(404, { message: 'Not found.' }),
    });
    const cards = await screen.findByRole('list', { name: 'Billing history' });
    const card = within(cards).getByRole('listitem', { name: 'Invoice CD-2026-000001' });
    for (const text of ['CD-2026-000001', '$88.00', 'Date', 'Mar 2, 2026', 'Method', 'Card']) expect(card).toHaveTextContent(text);
    await user.click(within(card).getByRole('button', { name: 'View invoice CD-2026-000001' }));
    // The invoice that cannot be read says so, with a Retry.
    const dialog = await screen.findByRole('dialog', { name: 'Invoice' });
    expect(await within(dialog).findByText('Not found.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
