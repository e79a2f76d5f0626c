import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { describe, expect, it, vi } from 'vitest';
import { couponAdminMessages as m, couponScreenMessages, messages, type Role } from '@copydesk/shared';
import { AGENCIES, coupon } from '@/features/coupons/testing/fixtures';
import { json, mockApi, pickIn, renderRoute, route, signIn, type FetchCall } from '@/test/utils';

type Handler = (call: FetchCall) => Response | undefined;

const SAVED = coupon({ id: 5, coupon_code: 'SPRING10', type: 'fixed', amount: 5, user_id: '31,32', expiry: '2099-06-30', limit: 10, used: 2, status: 1 });

function couponApi(role: Role, handler?: Handler) {
  const auth = signIn(role);
  return mockApi((call) => {
    const custom = handler?.(call);
    if (custom) return custom;
    switch (route(call)) {
      case 'GET /api/getInfo':
        return json(200, { user: auth.user });
      case 'GET /api/user/getuserbyrole/agency':
        return json(200, { data: AGENCIES });
      case 'GET /api/coupon/5':
        return json(200, { data: SAVED });
      case 'GET /api/coupon':
        return json(200, { data: [], meta: { from: null, to: null, total: 0, last_page: 1, current_page: 1, per_page: 5 } });
      case 'POST /api/coupon':
        return json(201, { message: messages.couponCreated, data: coupon({ id: 6 }) });
      case 'PATCH /api/coupon/5':
        return json(200, { message: messages.couponUpdated, data: SAVED });
    }
  });
}

async function openAdd(handler?: Handler) {
  const calls = couponApi('admin', handler);
  const view = renderRoute('/add-coupon');
  await screen.findByRole('heading', { name: 'Add Coupon', level: 1 });
  return { ...view, calls };
}

async function openEdit(handler?: Handler) {
  const calls = couponApi('admin', handler);
  const view = renderRoute('/edit-coupon/5');
  await screen.findByRole('heading', { name: 'Edit Coupon', level: 1 });
  await waitFor(() => expect(field.code()).toHaveValue('SPRING10'));
  return { ...view, calls };
}

const form = () => within(screen.getByRole('form'));
const field = {
  code: () => form().getByRole('textbox', { name: /Coupon code/ }),
  type: () => form().getByRole('textbox', { name: /^Type/ }),
  amount: () => form().getByRole('textbox', { name: /Amount/ }),
  expiry: () => form().getByLabelText(/Expiry date/),
  limit: () => form().getByRole('textbox', { name: /Usage limit/ }),
  agencies: () => form().getByRole('combobox', { name: /Agencies/ }),
  status: () => form().queryByRole('textbox', { name: /^Status/ }),
};
// Mantine Select renders a read-only textbox with the combobox role on its wrapper input.
const selectOf = (name: RegExp) => form().getByRole('combobox', { name });

const saves = (calls: FetchCall[], method: 'POST' | 'PATCH') => calls.filter((c) => c.method === method && c.url.startsWith('/api/coupon'));

describe('add coupon', () => {
  it('creates a coupon with the typed values, says Coupon created! and returns to the list', async () => {
    const { user, calls, router } = await openAdd();
    expect(field.status()).not.toBeInTheDocument();
    expect(screen.getByText(couponScreenMessages.agenciesHint)).toBeInTheDocument();

    await user.type(field.code(), 'SPRING10');
    await pickIn(user, selectOf(/^Type/), 'Percentage (%)');
    await user.type(field.amount(), '12.5');
    await pickIn(user, field.agencies(), 'Beta Words (Bea Boss)');
    await pickIn(user, field.agencies(), 'Acme Media (Alex Agency)');
    fireEvent.change(field.expiry(), { target: { value: '2099-01-31' } });
    await user.type(field.limit(), '25');
    await user.click(form().getByRole('button', { name: 'Add Coupon' }));

    expect(await screen.findByText(messages.couponCreated)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/coupon'));
    const [post] = saves(calls, 'POST');
    expect(post?.url).toBe('/api/coupon');
    expect(post?.body).toEqual({ coupon_code: 'SPRING10', type: 'percentage', amount: 12.5, user_id: '32,31', expiry: '2099-01-31', limit: 25 });
  });

  it("sends an empty agency list ('' = all agencies) for a fixed coupon", async () => {
    const { user, calls } = await openAdd();
    await user.type(field.code(), 'FIVEOFF');
    await pickIn(user, selectOf(/^Type/), 'Fixed amount ($)');
    await user.type(field.amount(), '5');
    fireEvent.change(field.expiry(), { target: { value: '2099-12-31' } });
    await user.type(field.limit(), '3');
    await user.click(form().getByRole('button', { name: 'Add Coupon' }));
    await waitFor(() => expect(saves(calls, 'POST')).toHaveLength(1));
    expect(saves(calls, 'POST')[0]!.body).toEqual({ coupon_code: 'FIVEOFF', type: 'fixed', amount: 5, user_id: '', expiry: '2099-12-31', limit: 3 });
  });

  it('removes spaces from the code as they are typed and says why', async () => {
    const { user } = await openAdd();
    await user.type(field.code(), 'SPRING 10');
    expect(field.code()).toHaveValue('SPRING10');
    expect(field.code()).toHaveAccessibleDescription(expect.stringContaining(m.codeSpaces));
    await user.paste(' A B ');
    expect(field.code()).toHaveValue('SPRING10AB');
    // The note goes once the admin leaves the field: the code itself is fine.
    await user.tab();
    expect(screen.queryByText(m.codeSpaces)).not.toBeInTheDocument();
  });

  it('takes digits and one decimal point in the amount, and digits only in the limit, as typed', async () => {
    const { user } = await openAdd();
    await user.type(field.amount(), '1a2.5.5');
    expect(field.amount()).toHaveValue('12.55');
    await user.type(field.amount(), '9');
    expect(field.amount()).toHaveValue('12.55');
    await user.type(field.limit(), '1x0.5');
    expect(field.limit()).toHaveValue('105');
  });

  it('marks every required field and sends nothing when the form is empty', async () => {
    const { user, calls } = await openAdd();
    await user.click(form().getByRole('button', { name: 'Add Coupon' }));
    for (const input of [field.code(), selectOf(/^Type/), field.amount(), field.expiry(), field.limit()]) {
      await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    }
    expect(form().getAllByText(messages.fieldRequired)).toHaveLength(5);
    expect(field.code()).toHaveFocus();
    expect(saves(calls, 'POST')).toHaveLength(0);
  });

  it('refuses a percentage above 100 and an expiry before today', async () => {
    const { user, calls } = await openAdd();
    await user.type(field.code(), 'TOOMUCH');
    await pickIn(user, selectOf(/^Type/), 'Percentage (%)');
    await user.type(field.amount(), '150');
    fireEvent.change(field.expiry(), { target: { value: '2020-01-01' } });
    await user.type(field.limit(), '1');
    await user.click(form().getByRole('button', { name: 'Add Coupon' }));

    expect(await screen.findByText(m.percentageMax)).toBeInTheDocument();
    expect(field.amount()).toHaveAccessibleDescription(expect.stringContaining(m.percentageMax));
    expect(field.expiry()).toHaveAccessibleDescription(expect.stringContaining(m.expiryPast));
    expect(saves(calls, 'POST')).toHaveLength(0);

    // The same amount is fine as dollars.
    await pickIn(user, selectOf(/^Type/), 'Fixed amount ($)');
    fireEvent.change(field.expiry(), { target: { value: '2099-01-01' } });
    await user.click(form().getByRole('button', { name: 'Add Coupon' }));
    await waitFor(() => expect(saves(calls, 'POST')).toHaveLength(1));
    expect(saves(calls, 'POST')[0]!.body).toMatchObject({ type: 'fixed', amount: 150 });
  });

  it("shows the server's field errors under their fields and stays on the form", async () => {
    const { user, router } = await openAdd((call) =>
      route(call) === 'POST /api/coupon'
        ? json(422, { message: messages.invalidData, errors: { coupon_code: [m.codeTaken], user_id: [m.agenciesInvalid] } })
        : undefined,
    );
    await user.type(field.code(), 'SPRING10');
    await pickIn(user, selectOf(/^Type/), 'Fixed amount ($)');
    await user.type(field.amount(), '5');
    fireEvent.change(field.expiry(), { target: { value: '2099-01-31' } });
    await user.type(field.limit(), '10');
    await user.click(form().getByRole('button', { name: 'Add Coupon' }));

    await waitFor(() => expect(field.code()).toHaveAccessibleDescription(expect.stringContaining(m.codeTaken)));
    expect(field.agencies()).toHaveAccessibleDescription(expect.stringContaining(m.agenciesInvalid));
    expect(field.code()).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.pathname).toBe('/add-coupon');
    expect(screen.queryByText(messages.couponCreated)).not.toBeInTheDocument();
    // Errors shown under their fields are not also a toast.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    // Typing in the field clears its error.
    await user.type(field.code(), 'X');
    expect(screen.queryByText(m.codeTaken)).not.toBeInTheDocument();
  });

  it('shows a server error that names no field as a toast', async () => {
    const toasts = vi.spyOn(notifications, 'show');
    const { user } = await openAdd((call) => (route(call) === 'POST /api/coupon' ? json(500, { message: messages.serverError }) : undefined));
    await user.type(field.code(), 'SPRING10');
    await pickIn(user, selectOf(/^Type/), 'Fixed amount ($)');
    await user.type(field.amount(), '5');
    fireEvent.change(field.expiry(), { target: { value: '2099-01-31' } });
    await user.type(field.limit(), '10');
    await user.click(form().getByRole('button', { name: 'Add Coupon' }));
    expect(await screen.findByText(messages.serverError)).toBeInTheDocument();
    expect(toasts).toHaveBeenCalledTimes(1);
  });
});

describe('edit coupon', () => {
  it('fills the form, locks the code, offers status, and updates with a PATCH', async () => {
    const { user, calls, router } = await openEdit();
    expect(field.code()).toBeDisabled();
    expect(field.amount()).toHaveValue('5');
    expect(field.limit()).toHaveValue('10');
    expect(field.expiry()).toHaveValue('2099-06-30');
    expect(selectOf(/^Type/)).toHaveValue('Fixed amount ($)');
    expect(selectOf(/^Status/)).toHaveValue('Active');
    expect(await form().findByText('Acme Media (Alex Agency)')).toBeInTheDocument();
    expect(form().getByText('Beta Words (Bea Boss)')).toBeInTheDocument();
    expect(screen.getByText(couponScreenMessages.usedSoFar(2), { exact: false })).toBeInTheDocument();

    await user.clear(field.amount());
    await user.type(field.amount(), '7.5');
    await pickIn(user, selectOf(/^Status/), 'Inactive');
    await user.click(form().getByRole('button', { name: 'Update Coupon' }));

    expect(await screen.findByText(messages.couponUpdated)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/coupon'));
    const [patch] = saves(calls, 'PATCH');
    expect(patch?.url).toBe('/api/coupon/5');
    expect(patch?.body).toEqual({ coupon_code: 'SPRING10', type: 'fixed', amount: 7.5, user_id: '31,32', expiry: '2099-06-30', limit: 10, status: 0 });
    expect(saves(calls, 'POST')).toHaveLength(0);
  });

  it('keeps an expired coupon editable as long as its expiry is not changed to another past day', async () => {
    const { user, calls } = await openEdit((call) =>
      route(call) === 'GET /api/coupon/5' ? json(200, { data: { ...SAVED, expiry: '2020-01-31' } }) : undefined,
    );
    await pickIn(user, selectOf(/^Status/), 'Inactive');
    await user.click(form().getByRole('button', { name: 'Update Coupon' }));
    await waitFor(() => expect(saves(calls, 'PATCH')).toHaveLength(1));
    expect(saves(calls, 'PATCH')[0]!.body).toMatchObject({ expiry: '2020-01-31', status: 0 });
  });

  it('shows a server field error under the limit', async () => {
    const { user } = await openEdit((call) =>
      route(call) === 'PATCH /api/coupon/5' ? json(422, { message: messages.invalidData, errors: { limit: [m.limitBelowUsed(2)] } }) : undefined,
    );
    await user.clear(field.limit());
    await user.type(field.limit(), '1');
    await user.click(form().getByRole('button', { name: 'Update Coupon' }));
    await waitFor(() => expect(field.limit()).toHaveAccessibleDescription(expect.stringContaining(m.limitBelowUsed(2))));
    expect(screen.queryByText(messages.couponUpdated)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says clearly when the coupon does not exist', async () => {
    const calls = couponApi('admin', (call) => (route(call) === 'GET /api/coupon/404' ? json(404, { message: m.notFound }) : undefined));
    renderRoute('/edit-coupon/404');
    expect(await screen.findByRole('heading', { name: m.notFound })).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Back to coupons' })).toHaveAttribute('href', '/coupon');
    expect(calls.some((c) => route(c) === 'GET /api/coupon/404')).toBe(true);
  });

  it('treats an id that is not a number as not found, without asking the server', async () => {
    const calls = couponApi('admin');
    renderRoute('/edit-coupon/abc');
    expect(await screen.findByRole('heading', { name: m.notFound })).toBeInTheDocument();
    expect(calls.some((c) => c.url.startsWith('/api/coupon/'))).toBe(false);
  });
});

describe('coupon form access', () => {
  it.each<[Role, string]>([
    ['agency', '/add-coupon'],
    ['associate', '/add-coupon'],
    ['agency', '/edit-coupon/5'],
    ['associate', '/edit-coupon/5'],
  ])('sends %s users from %s to the dashboard', async (role, path) => {
    const calls = couponApi(role);
    const { router } = renderRoute(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(calls.some((c) => c.url.startsWith('/api/coupon'))).toBe(false);
  });
});
