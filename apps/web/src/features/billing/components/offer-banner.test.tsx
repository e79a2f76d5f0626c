import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { billingMessages, offerMessages, type Role, type User } from '@copydesk/shared';
import { json, mockApi, renderRoute, route, signIn, type FetchCall } from '@/test/utils';
import { REMEMBERED_OFFER_KEY } from './offer-banner';

/** The promo banner in the signed-in frame (docs/decisions/0008-offer-credit.md). */

type Handler = (call: FetchCall) => Response | undefined;

const PROMO = offerMessages.promo('$912.00', '$100');
const promo = (show = true, message = PROMO) => ({ message, remaining_amount: 912, show });

function frameApi(role: Role, offer: Handler, over: Record<string, Handler> = {}) {
  const auth = signIn(role);
  const calls = mockApi((call) => {
    const key = route(call);
    if (over[key]) return over[key](call);
    switch (key) {
      case 'GET /api/getInfo':
        return json(200, { user: auth.user });
      case 'GET /api/getOfferStatus':
        return offer(call);
      case 'GET /api/payment-config':
        return json(200, { gateway: 'sandbox', publishable_key: null });
      case 'GET /api/billing/getAvailableBalance/7':
        return json(200, { balance: 500 });
      case 'GET /api/billing/getSpending/7':
        return json(200, { spending: 88 });
      case 'GET /api/user/getsavedcards/7':
        return json(200, { data: [{ id: 3, card_last_digits: '4242', card_expiry: '12/30' }] });
      case 'GET /api/billing':
        return json(200, { data: [], meta: { from: null, to: null, total: 0, last_page: 1, current_page: 1, per_page: 5 } });
      case 'GET /api/getCounties':
        return json(200, { data: [] });
    }
    // The dashboard's own figures and lists are not what these tests look at: empty, in the shape the API answers.
    if (key.startsWith('GET /api/order/getCountBystatus/') || key === 'GET /api/message/unread') return json(200, { count: 0 });
    if (key === 'GET /api/dashboard/admin-stats')
      return json(200, { agencies: 0, active_agencies: 0, open_items: 0, overdue_items: 0, wallet_balance: 0, unassigned_items: 0, unassigned: [] });
    if (call.method === 'GET')
      return json(200, { data: [], meta: { from: null, to: null, total: 0, last_page: 1, current_page: 1, per_page: 5, next_cursor: null } });
  });
  return { auth, calls };
}

const banner = () => screen.queryByRole('status', { name: 'Offer' });
const offerCalls = (calls: FetchCall[]) => calls.filter((c) => route(c) === 'GET /api/getOfferStatus').length;

describe('offer banner', () => {
  it("shows an agency the server's offer text above the screen", async () => {
    frameApi('agency', () => json(200, promo()));
    renderRoute('/dashboard');

    const shown = await screen.findByRole('status', { name: 'Offer' });
    expect(shown).toHaveTextContent("You're $912.00 away from gaining $100 credit.");
    expect(screen.getByRole('heading', { name: 'Welcome, Ada Lovelace!' })).toBeInTheDocument();
  });

  it('shows an associate its agency offer too', async () => {
    frameApi('associate', () => json(200, promo()));
    renderRoute('/dashboard');
    expect(await screen.findByRole('status', { name: 'Offer' })).toHaveTextContent(PROMO);
  });

  it('is hidden when the server says not to show it', async () => {
    const { calls } = frameApi('agency', () => json(200, promo(false, offerMessages.received('$100'))));
    renderRoute('/dashboard');
    await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace!' });
    await waitFor(() => expect(offerCalls(calls)).toBe(1));
    expect(banner()).not.toBeInTheDocument();
    expect(screen.queryByText(offerMessages.received('$100'))).not.toBeInTheDocument();
  });

  it('is never asked for nor shown to an admin', async () => {
    const { calls } = frameApi('admin', () => json(200, promo()));
    renderRoute('/dashboard');
    await screen.findByText('Admin Portal');
    await screen.findByRole('heading', { name: /^Welcome/ });
    expect(offerCalls(calls)).toBe(0);
    expect(banner()).not.toBeInTheDocument();
  });

  it('stays out of the way when the offer cannot be read', async () => {
    frameApi('agency', () => json(500, { message: 'Server Error' }));
    renderRoute('/dashboard');
    await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace!' });
    expect(banner()).not.toBeInTheDocument();
    expect(screen.queryByText('Server Error')).not.toBeInTheDocument();
  });

  it('closes for good: kept on the server, hidden on every page and after signing in again', async () => {
    // The server's user: GET /getInfo answers it as the dismissal left it.
    let kept: User | null = null;
    const { auth, calls } = frameApi('agency', () => json(200, promo()), {
      'GET /api/getInfo': () => json(200, { user: kept ?? auth.user }),
      'POST /api/update/onboarding': () => {
        kept = { ...auth.user, onboarding: { welcome_guide_closed: false, offer_banner_dismissed: true } };
        return json(200, { user: kept });
      },
    });
    const first = renderRoute('/dashboard');
    await first.user.click(within(await screen.findByRole('status', { name: 'Offer' })).getByRole('button', { name: 'Dismiss offer' }));
    expect(banner()).not.toBeInTheDocument();
    // Focus goes on at the page's heading, not the top of the document.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Welcome, Ada Lovelace!' })).toHaveFocus());
    await waitFor(() =>
      expect(calls.filter((c) => route(c) === 'POST /api/update/onboarding').map((c) => c.body)).toEqual([{ step: 'offer_banner_dismissed' }]),
    );
    first.unmount();

    // Another page, after a new sign-in that stored the user as it was before (another browser): the frame
    // reads the user from the server, and the banner stays closed. Another browser keeps nothing of this one.
    localStorage.clear();
    signIn('agency');
    renderRoute('/billing');
    await screen.findByRole('heading', { name: 'Billing', level: 1 });
    expect(banner()).not.toBeInTheDocument();
  });

  it('is read again after an order payment and goes once the credit is earned', async () => {
    let offer = promo();
    const { calls } = frameApi('agency', () => json(200, offer), {
      'GET /api/order/getById/5': () =>
        json(200, {
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
        }),
      'POST /api/order/pay': () => {
        offer = promo(false, offerMessages.received('$100'));
        return json(200, { message: billingMessages.paid, payment_id: 41, offer_message: billingMessages.offerGranted('$100') });
      },
    });
    const { user } = renderRoute('/payment/5');
    await screen.findByText('Order Summary');
    expect(await screen.findByRole('status', { name: 'Offer' })).toHaveTextContent(PROMO);

    // The wallet covers the order, so it is chosen already.
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Pay with your Available Balance' })).toBeChecked());
    await user.click(screen.getByRole('checkbox', { name: /I accept the/ }));
    await user.click(screen.getByRole('button', { name: /^Pay / }));
    await screen.findByRole('dialog', { name: 'Order Confirmed' });

    await waitFor(() => expect(banner()).not.toBeInTheDocument());
    expect(offerCalls(calls)).toBe(2);
  });

  it('is read again after a top-up', async () => {
    let remaining = '$912.00';
    const { calls } = frameApi('agency', () => json(200, promo(true, offerMessages.promo(remaining, '$100'))), {
      'POST /api/billing/addBalance': () => {
        remaining = '$900.00';
        return json(200, { message: billingMessages.balanceAdded });
      },
    });
    const { user } = renderRoute('/billing');
    expect(await screen.findByRole('status', { name: 'Offer' })).toHaveTextContent('$912.00');

    await user.click(await screen.findByRole('button', { name: 'Add Balance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Balance' });
    await user.type(within(dialog).getByLabelText(/^Amount/), '50');
    await user.click(within(dialog).getByRole('tab', { name: 'Saved Card' }));
    await user.click(
      within(dialog)
        .getAllByLabelText(/^Saved Card/)
        .find((el) => el.tagName === 'INPUT')!,
    );
    await user.click(await screen.findByRole('option', { name: '*** *** **** 4242 | 12/30', hidden: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Add Balance' }));
    await screen.findByText(billingMessages.balanceAdded);

    await waitFor(() => expect(screen.getByRole('status', { name: 'Offer' })).toHaveTextContent('$900.00'));
    expect(offerCalls(calls)).toBe(2);
  });

  it('draws the last answer while the page asks again, so the screen below does not move when the answer comes', async () => {
    let answer: (response: Response) => void = () => undefined;
    const pending = new Promise<Response>((resolve) => (answer = resolve));
    frameApi('agency', (() => pending) as unknown as Handler);
    localStorage.setItem(REMEMBERED_OFFER_KEY, JSON.stringify({ userId: 7, offer: { show: true, message: PROMO } }));
    renderRoute('/dashboard');

    expect(await screen.findByRole('status', { name: 'Offer' })).toHaveTextContent("You're $912.00 away from gaining $100 credit.");
    answer(json(200, promo(false)));
    await waitFor(() => expect(banner()).not.toBeInTheDocument());
    expect(JSON.parse(localStorage.getItem(REMEMBERED_OFFER_KEY)!)).toEqual({ userId: 7, offer: { show: false, message: PROMO } });
  });

  it("does not draw another user's last answer", async () => {
    let answer: (response: Response) => void = () => undefined;
    const pending = new Promise<Response>((resolve) => (answer = resolve));
    frameApi('agency', (() => pending) as unknown as Handler);
    localStorage.setItem(REMEMBERED_OFFER_KEY, JSON.stringify({ userId: 8, offer: { show: true, message: PROMO } }));
    renderRoute('/dashboard');

    expect(await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace!' })).toBeInTheDocument();
    expect(banner()).not.toBeInTheDocument();
    answer(json(200, promo()));
    expect(await screen.findByRole('status', { name: 'Offer' })).toBeInTheDocument();
  });
});
