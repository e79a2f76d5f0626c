import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { billingMessages, messages } from '@copydesk/shared';
import { json, mockApi, pickIn, renderRoute, route } from '@/test/utils';
import { AddBalanceModal } from './add-balance-modal';

/** The card form's billing address (every card form draws NewCardFields): postal codes of any country, as typed. */

const UK = {
  name: 'Ada Lovelace',
  address: '12 High Street',
  country_id: 'GB',
  country: 'United Kingdom',
  state_id: 'GB-CMA',
  state: 'Cumbria',
  city: 'Carlisle',
  zip_code: null,
};

function openNewCard() {
  const calls = mockApi((call) => {
    const key = route(call);
    if (key === 'GET /api/payment-config') return json(200, { gateway: 'sandbox', publishable_key: null });
    if (key === 'GET /api/user/getsavedcards/7') return json(200, { data: [], billing_address: UK });
    if (key === 'POST /api/billing/addBalance') return json(200, { message: billingMessages.balanceAdded });
  });
  const view = renderRoute('/', [{ path: '/', element: <AddBalanceModal opened onClose={() => undefined} userId={7} renderLocation={() => null} /> }]);
  const dialog = () => screen.getByRole('dialog', { name: 'Add Balance' });
  return { ...view, calls, dialog };
}

async function paste(user: UserEvent, input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

async function fillCard({ user, dialog }: ReturnType<typeof openNewCard>, zip: string) {
  await waitFor(() => expect(within(dialog()).getByLabelText(/^Address/)).toHaveValue('12 High Street'));
  // The amount and card are pasted (typing them redraws the form per key); the zip code, which is
  // what these tests are about, is typed.
  await paste(user, within(dialog()).getByLabelText(/^Amount/), '25');
  await paste(user, within(dialog()).getByLabelText(/^Card Number/), '4242424242424242');
  await pickIn(user, within(dialog()).getByRole('combobox', { name: 'Month' }), '12');
  await pickIn(user, within(dialog()).getByRole('combobox', { name: 'Year' }), String(new Date().getFullYear() + 2));
  await paste(user, within(dialog()).getByLabelText(/^CVC/), '123');
  await user.type(within(dialog()).getByRole('textbox', { name: /^Zip Code/ }), zip);
}

describe('card form: the billing address', () => {
  it('sends a UK postal code as typed, not cut to five characters', async () => {
    const view = openNewCard();
    await fillCard(view, 'CA12 5AB');
    const zip = within(view.dialog()).getByRole('textbox', { name: /^Zip Code/ });
    expect(zip).toHaveValue('CA12 5AB');
    await view.user.click(within(view.dialog()).getByRole('button', { name: 'Add Balance' }));

    await waitFor(() => expect(view.calls.some((c) => route(c) === 'POST /api/billing/addBalance')).toBe(true));
    const body = view.calls.find((c) => route(c) === 'POST /api/billing/addBalance')!.body as { paymentInfo: Record<string, unknown> };
    expect(body.paymentInfo).toMatchObject({ zipCode: 'CA12 5AB', country: 'United Kingdom', state: 'Cumbria', city: 'Carlisle' });
  });

  it('says a code the server would refuse under the field, and sends nothing', async () => {
    const view = openNewCard();
    await fillCard(view, 'CA12_5AB');
    await view.user.click(within(view.dialog()).getByRole('button', { name: 'Add Balance' }));

    const zip = within(view.dialog()).getByRole('textbox', { name: /^Zip Code/ });
    expect(zip).toHaveAttribute('aria-invalid', 'true');
    expect(zip).toHaveAccessibleDescription(messages.zipCodeInvalid);
    expect(view.calls.some((c) => route(c) === 'POST /api/billing/addBalance')).toBe(false);
  });
});
