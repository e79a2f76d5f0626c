import { screen, waitFor, within } from '@testing-library/react';
import { notificationsStore } from '@mantine/notifications';
import { describe, expect, it } from 'vitest';
import { billingMessages } from '@copydesk/shared';
import { json, mockApi, renderRoute, route, type FetchCall } from '@/test/utils';
import { AddBalanceModal } from './add-balance-modal';

/** The add-balance modal's defaults: the saved card, the last billing address, test mode, a decline beside the card. */

type Handler = (call: FetchCall) => Response | undefined;

const CARD = { id: 3, card_last_digits: '4242', card_expiry: '12/30' };
const BILLING = {
  name: 'Ada Lovelace',
  address: '12 Analytical Row',
  country_id: null,
  country: null,
  state_id: null,
  state: null,
  city: null,
  zip_code: '94105',
};

function openModal(over: Record<string, Handler> = {}) {
  const calls = mockApi((call) => {
    const key = route(call);
    if (over[key]) return over[key](call);
    if (key === 'GET /api/payment-config') return json(200, { gateway: 'sandbox', publishable_key: null });
    if (key === 'GET /api/user/getsavedcards/7') return json(200, { data: [CARD] });
  });
  const view = renderRoute('/', [{ path: '/', element: <AddBalanceModal opened onClose={() => undefined} userId={7} renderLocation={() => null} /> }]);
  return { ...view, calls, dialog: () => screen.getByRole('dialog', { name: 'Add Balance' }) };
}

const selectInput = (label: RegExp, root: HTMLElement) =>
  within(root)
    .getAllByLabelText(label)
    .find((el) => el.tagName === 'INPUT') as HTMLInputElement;

describe('add balance modal: defaults', () => {
  it('chooses the newest saved card when there is one', async () => {
    const { dialog } = openModal();
    await waitFor(() => expect(within(dialog()).getByRole('tab', { name: 'Saved Card' })).toHaveAttribute('aria-selected', 'true'));
    expect(selectInput(/^Saved Card/, dialog())).toHaveValue('*** *** **** 4242 | 12/30');
  });

  it('starts on a new card, with the last billing address and the test cards, when there is no saved card', async () => {
    const { dialog } = openModal({ 'GET /api/user/getsavedcards/7': () => json(200, { data: [], billing_address: BILLING }) });
    await waitFor(() => expect(within(dialog()).getByLabelText(/^Address/)).toHaveValue('12 Analytical Row'));
    expect(within(dialog()).getByRole('tab', { name: 'New Card' })).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog()).getByLabelText(/^Name on Card/)).toHaveValue('Ada Lovelace');
    expect(within(dialog()).getByLabelText(/^Zip Code/)).toHaveValue('94105');

    const note = within(dialog()).getByRole('note');
    expect(note).toHaveTextContent('Test mode');
    for (const [number, outcome] of [
      ['4242 4242 4242 4242', 'Payment succeeds'],
      ['4000 0000 0000 0002', 'Card declined'],
      ['4000 0000 0000 9995', 'Insufficient funds'],
    ]) {
      expect(within(note).getByText(number)).toBeInTheDocument();
      expect(within(note).getByText(outcome)).toBeInTheDocument();
    }
  });

  it('shows no test cards when the card form is not the sandbox one', async () => {
    const { dialog } = openModal({
      'GET /api/payment-config': () => json(200, { gateway: 'stripe', publishable_key: null }),
      'GET /api/user/getsavedcards/7': () => json(200, { data: [] }),
    });
    expect(await within(dialog()).findByText(/secure card form could not be loaded/)).toBeInTheDocument();
    expect(within(dialog()).queryByRole('note')).not.toBeInTheDocument();
  });

  it('says a decline beside the saved card, and forgets it when another card is chosen', async () => {
    const { user, dialog } = openModal({ 'POST /api/billing/addBalance': () => json(402, { message: billingMessages.declined }) });
    await waitFor(() => expect(selectInput(/^Saved Card/, dialog())).toHaveValue('*** *** **** 4242 | 12/30'));
    await user.type(within(dialog()).getByLabelText(/^Amount/), '25');
    await user.click(within(dialog()).getByRole('button', { name: 'Add Balance' }));

    const alert = await within(dialog()).findByRole('alert');
    expect(alert).toHaveTextContent(billingMessages.declined);
    expect(within(dialog()).getByRole('tabpanel')).toContainElement(alert);
    // Beside the card only: no toast too.
    expect(notificationsStore.getState().notifications).toEqual([]);

    await user.click(within(dialog()).getByRole('tab', { name: 'New Card' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Add a new card' }));
    expect(within(dialog()).queryByText(billingMessages.declined)).not.toBeInTheDocument();
  });
});

describe('add balance modal: server errors', () => {
  it('marks the field the server names and says its message in one toast', async () => {
    const tooMuch = 'The amount may be at most $10,000.00.';
    const { user, dialog } = openModal({
      'POST /api/billing/addBalance': () => json(422, { message: tooMuch, errors: { 'paymentInfo.balance': [tooMuch] } }),
    });
    await waitFor(() => expect(selectInput(/^Saved Card/, dialog())).toHaveValue('*** *** **** 4242 | 12/30'));
    await user.type(within(dialog()).getByLabelText(/^Amount/), '25');
    await user.click(within(dialog()).getByRole('button', { name: 'Add Balance' }));

    expect(await screen.findByText(tooMuch)).toBeInTheDocument();
    // One toast: the field is only marked red.
    expect(notificationsStore.getState().notifications).toHaveLength(1);
    expect(screen.getAllByText(tooMuch)).toHaveLength(1);
    expect(within(dialog()).getByLabelText(/^Amount/)).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog()).queryByRole('alert')).not.toBeInTheDocument();
  });
});
