import { screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listScreenMessages, managementScreenMessages, messages, orderScreenMessages, userMessages, type Role, type UserListRow } from '@copydesk/shared';
import { pageMeta } from '@/features/orders/testing/fixtures';
import { json, makeUser, mockApi, renderRoute, route, signIn, type FetchCall } from '@/test/utils';

const userRow = (overrides: Partial<UserListRow>): UserListRow => ({
  id: 31,
  name: 'Alex Agency',
  email: 'alex@example.com',
  phoneNumber: '+12025550150',
  company_name: 'Acme Media',
  role_designation: 'Owner',
  roles: [{ name: 'agency' }],
  status: 1,
  group: 'Acme Media',
  balance: 1234.5,
  created_at: '2026-01-05T10:00:00Z',
  ...overrides,
});

/** The signed-in user is id 7 (see makeUser). */
const ADMIN_ROWS = [
  userRow({ id: 45, name: 'Sam Associate', email: 'sam@example.com', roles: [{ name: 'associate' }], status: 0, role_designation: 'Writer' }),
  userRow({}),
  userRow({ id: 7, name: 'Ada Lovelace', email: 'ada@example.com', roles: [{ name: 'admin' }], group: 'Admin', balance: null, company_name: null }),
];
const AGENCY_ROWS = [
  userRow({ id: 45, name: 'Sam Associate', email: 'sam@example.com', roles: [{ name: 'associate' }], status: 1, role_designation: 'Writer' }),
  userRow({ id: 7, name: 'Ada Lovelace', email: 'ada@example.com' }),
];

type Setup = { role?: Role; rows?: UserListRow[]; path?: string; handler?: (call: FetchCall) => Response | undefined };

/** Signs in, answers the user calls from a small in-memory store (status changes stick), opens the screen. */
async function openManagement({ role = 'admin', rows = ADMIN_ROWS, path = '/management', handler }: Setup = {}) {
  const auth = signIn(role);
  const store = new Map(rows.map((r) => [r.id, { ...r }]));
  const calls = mockApi((call) => {
    const custom = handler?.(call);
    if (custom) return custom;
    const r = route(call);
    if (r === 'GET /api/getInfo') return json(200, { user: auth.user });
    if (r === 'GET /api/user') {
      const query = new URL(call.url, 'http://test.local').searchParams;
      const limit = Number(query.get('limit') ?? 5);
      const page = Number(query.get('page') ?? 1);
      const all = [...store.values()];
      return json(200, { data: all.slice((page - 1) * limit, page * limit), meta: pageMeta(all.length, page, limit) });
    }
    const detail = /^GET \/api\/user\/(\d+)$/.exec(r);
    if (detail) {
      const found = store.get(Number(detail[1]));
      return found ? json(200, { data: found }) : json(404, { message: messages.notFound });
    }
    if (r === 'POST /api/user/changeStatus') {
      const { userid, status } = call.body as { userid: number; status: 0 | 1 };
      store.get(userid)!.status = status;
      return json(200, { message: status ? userMessages.activated : userMessages.deactivated });
    }
  });
  const view = renderRoute(path);
  await screen.findByRole('heading', { name: 'User Management', level: 1 });
  return { ...view, calls, auth };
}

const listCalls = (calls: FetchCall[]) => calls.filter((c) => route(c) === 'GET /api/user');
const lastQuery = (calls: FetchCall[]) => Object.fromEntries(new URL(listCalls(calls).at(-1)!.url, 'http://test.local').searchParams);
const columnNames = () => screen.getAllByRole('columnheader').map((th) => th.textContent);
/** A form field of a dialog by the start of its label (required labels end with an asterisk). */
const field = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(new RegExp(`^${label}`), { selector: 'input' });

describe('user management: the list', () => {
  it('shows an admin every user with Group and Balance, and Add Agency', async () => {
    const { calls } = await openManagement();
    const agency = await screen.findByRole('row', { name: 'Alex Agency' });
    for (const text of ['alex@example.com', '+1 202 555 0150', 'Acme Media', 'Agency', 'Owner', '$1,234.50', 'Active']) expect(agency).toHaveTextContent(text);
    expect(screen.getByRole('row', { name: 'Sam Associate' })).toHaveTextContent('Inactive');
    // An admin has no wallet.
    expect(screen.getByRole('row', { name: 'Ada Lovelace' })).toHaveTextContent('Admin—');
    expect(columnNames()).toEqual(['Name', 'Email', 'Phone', 'Company', 'Role', 'Group', 'Balance', 'Status', 'Actions']);
    expect(screen.getByRole('button', { name: userMessages.addAgency })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: userMessages.addAssociate })).not.toBeInTheDocument();
    expect(screen.getByText(orderScreenMessages.showingEntries(1, 3, 3))).toBeInTheDocument();
    expect(lastQuery(calls)).toEqual({ page: '1', limit: '5', sort_column: 'id', sort_order: 'desc' });
  });

  it('shows an agency its team without Group or Balance, and Add Associate', async () => {
    await openManagement({ role: 'agency', rows: AGENCY_ROWS });
    expect(await screen.findByRole('row', { name: 'Sam Associate' })).toHaveTextContent('Associate');
    expect(columnNames()).toEqual(['Name', 'Email', 'Phone', 'Company', 'Role', 'Status', 'Actions']);
    expect(screen.getByRole('row', { name: 'Sam Associate' })).not.toHaveTextContent('$');
    expect(screen.getByRole('button', { name: userMessages.addAssociate })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: userMessages.addAgency })).not.toBeInTheDocument();
  });

  it('searches after a pause in typing, sorts by a clicked column and changes the page size', async () => {
    const { user, calls } = await openManagement();
    await screen.findByRole('row', { name: 'Alex Agency' });

    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'acme');
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ search: 'acme', page: '1' }));
    // Debounced: the half-typed words never reach the server.
    expect(listCalls(calls).some((c) => /search=(a|ac|acm)(&|$)/.test(c.url))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ sort_column: 'name', sort_order: 'asc' }));
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ sort_column: 'name', sort_order: 'desc' }));
    await user.click(screen.getByRole('button', { name: 'Status' }));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ sort_column: 'status', sort_order: 'asc' }));

    const sizes = screen.getByRole('combobox', { name: 'Entries per page' });
    await user.click(sizes);
    const options = within(document.getElementById(sizes.getAttribute('aria-controls')!)!).getAllByRole('option', { hidden: true });
    expect(options.map((o) => o.textContent)).toEqual(['5', '10', '20', '50', '100']);
    await user.click(options[2]!);
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ limit: '20', page: '1', search: 'acme', sort_column: 'status' }));

    await user.clear(screen.getByRole('textbox', { name: 'Search' }));
    await waitFor(() => expect(lastQuery(calls)).not.toHaveProperty('search'));
  });

  it('pages with Next', async () => {
    const many = Array.from({ length: 7 }, (_, i) => userRow({ id: 100 + i, name: `Agency ${i + 1}`, email: `a${i}@example.com` }));
    const { user, calls } = await openManagement({ rows: many });
    await screen.findByRole('row', { name: 'Agency 1' });
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ page: '2', limit: '5' }));
    expect(await screen.findByRole('row', { name: 'Agency 6' })).toBeInTheDocument();
    expect(screen.getByText(orderScreenMessages.showingEntries(6, 7, 7))).toBeInTheDocument();
  });

  it('says No data found. when nobody matches, and clears the search from the empty list', async () => {
    const { user, calls } = await openManagement({ rows: [] });
    expect(await screen.findByText(messages.noData)).toBeInTheDocument();
    expect(screen.getByText(listScreenMessages.usersNoneAdmin)).toBeInTheDocument();
    expect(screen.getByText(orderScreenMessages.showingEntries(0, 0, 0))).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'zed');
    expect(await screen.findByText(listScreenMessages.usersSearched)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('');
    await waitFor(() => expect(lastQuery(calls)).not.toHaveProperty('search'));
  });

  it('says why the list failed, not that it is empty, and Retry asks again', async () => {
    let failing = true;
    const { user, calls } = await openManagement({
      handler: (call) => (route(call) === 'GET /api/user' && failing ? json(500, { message: messages.serverError }) : undefined),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(managementScreenMessages.loadFailed);
    expect(alert).toHaveTextContent(messages.serverError);
    expect(screen.queryByText(messages.noData)).not.toBeInTheDocument();
    expect(screen.queryByText(orderScreenMessages.showingEntries(0, 0, 0))).not.toBeInTheDocument();
    const before = listCalls(calls).length;
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('row', { name: 'Alex Agency' })).toBeInTheDocument();
    expect(listCalls(calls)).toHaveLength(before + 1);
  });
});

describe('user management: phones', () => {
  const realMatchMedia = window.matchMedia;
  afterEach(() => {
    window.matchMedia = realMatchMedia;
  });

  it('shows one card per user instead of the wide table below the sm breakpoint', async () => {
    window.matchMedia = ((query: string) => ({
      ...realMatchMedia(query),
      matches: query.includes('max-width: 47.99em'),
    })) as typeof window.matchMedia;
    const { user } = await openManagement();
    const cards = await screen.findByRole('list', { name: 'Users' });
    const alex = within(cards).getByRole('listitem', { name: 'Alex Agency' });
    for (const text of ['Emailalex@example.com', 'Balance$1,234.50', 'GroupAcme Media', 'Active']) expect(alex).toHaveTextContent(text);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user.click(within(alex).getByRole('button', { name: 'View Alex Agency' }));
    expect(await screen.findByRole('dialog', { name: 'Alex Agency' })).toBeInTheDocument();
  });
});

describe('user management: adding users', () => {
  it('checks the add-agency form on the client, then posts it with the token and refreshes the list', async () => {
    let added = false;
    const { user, calls } = await openManagement({
      handler: (call) => {
        if (route(call) !== 'POST /api/register') return undefined;
        added = true;
        return json(201, { message: userMessages.agencyAdded, user: makeUser('agency', { id: 46 }) });
      },
    });
    await screen.findByRole('row', { name: 'Alex Agency' });
    const before = listCalls(calls).length;
    await user.click(screen.getByRole('button', { name: userMessages.addAgency }));
    const dialog = await screen.findByRole('dialog', { name: userMessages.addAgency });

    await user.click(within(dialog).getByRole('button', { name: userMessages.addAgency }));
    expect(within(dialog).getByText(userMessages.fullNameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(userMessages.emailRequired)).toBeInTheDocument();
    expect(field(dialog, 'Full Name')).toHaveAttribute('aria-invalid', 'true');
    expect(field(dialog, 'Email')).toHaveAttribute('aria-invalid', 'true');
    expect(field(dialog, 'Company Name')).not.toHaveAttribute('aria-invalid');

    await user.type(field(dialog, 'Full Name'), '  Nora Newcomer ');
    await user.type(field(dialog, 'Email'), 'nora@example');
    await user.click(within(dialog).getByRole('button', { name: userMessages.addAgency }));
    expect(within(dialog).getByText(messages.emailNotCorrect)).toBeInTheDocument();
    expect(within(dialog).queryByText(userMessages.fullNameRequired)).not.toBeInTheDocument();
    expect(calls.some((c) => route(c) === 'POST /api/register')).toBe(false);

    await user.type(field(dialog, 'Email'), '.com');
    await user.type(field(dialog, 'Phone Number'), '2025550188');
    await user.type(field(dialog, 'Role / Designation'), 'Founder');
    await user.type(field(dialog, 'Company Name'), 'Nora Words');
    await user.click(within(dialog).getByRole('button', { name: userMessages.addAgency }));

    expect(await screen.findByText(userMessages.agencyAdded)).toBeInTheDocument();
    const post = calls.find((c) => route(c) === 'POST /api/register')!;
    expect(post.headers.get('Authorization')).toBe('Bearer test-token');
    expect(post.body).toEqual({
      sign: {
        name: 'Nora Newcomer',
        email: 'nora@example.com',
        contact_number: '+12025550188',
        countryCode: 'US',
        role_designation: 'Founder',
        company_name: 'Nora Words',
        userId: 7,
      },
    });
    expect(added).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: userMessages.addAgency })).not.toBeInTheDocument());
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(before));
  });

  it('lets an agency add an associate, without a company field', async () => {
    const { user, calls } = await openManagement({
      role: 'agency',
      rows: AGENCY_ROWS,
      handler: (call) =>
        route(call) === 'POST /api/register' ? json(201, { message: userMessages.associateAdded, user: makeUser('associate', { id: 46 }) }) : undefined,
    });
    await user.click(screen.getByRole('button', { name: userMessages.addAssociate }));
    const dialog = await screen.findByRole('dialog', { name: userMessages.addAssociate });
    expect(within(dialog).queryByLabelText(/^Company Name/)).not.toBeInTheDocument();
    await user.type(field(dialog, 'Full Name'), 'Ivy Intern');
    await user.type(field(dialog, 'Email'), 'ivy@example.com');
    await user.click(within(dialog).getByRole('button', { name: userMessages.addAssociate }));

    expect(await screen.findByText(userMessages.associateAdded)).toBeInTheDocument();
    const post = calls.find((c) => route(c) === 'POST /api/register')!;
    expect(post.body).toEqual({
      sign: { name: 'Ivy Intern', email: 'ivy@example.com', contact_number: null, countryCode: null, role_designation: null, userId: 7 },
    });
  });

  it('shows the server’s field errors under their fields and keeps the form open', async () => {
    const { user } = await openManagement({
      handler: (call) =>
        route(call) === 'POST /api/register'
          ? json(422, {
              code: 'user.email_taken',
              message: messages.invalidData,
              errors: { 'sign.email': [messages.emailTaken], 'sign.contact_number': [messages.phoneInvalid] },
            })
          : undefined,
    });
    await user.click(screen.getByRole('button', { name: userMessages.addAgency }));
    const dialog = await screen.findByRole('dialog', { name: userMessages.addAgency });
    await user.type(field(dialog, 'Full Name'), 'Alex Again');
    await user.type(field(dialog, 'Email'), 'alex@example.com');
    await user.type(field(dialog, 'Phone Number'), '2025550188');
    await user.click(within(dialog).getByRole('button', { name: userMessages.addAgency }));

    expect(await within(dialog).findByText(messages.emailAlreadyRegistered)).toBeInTheDocument();
    expect(within(dialog).queryByText(messages.emailTaken)).not.toBeInTheDocument();
    expect(within(dialog).getByText(messages.phoneInvalid)).toBeInTheDocument();
    expect(field(dialog, 'Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog', { name: userMessages.addAgency })).toBeInTheDocument();
    // Errors shown under their fields are not also a toast.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('opens the add modal at once from /management?add=1, and closing it is final', async () => {
    const { user, router } = await openManagement({ role: 'agency', rows: AGENCY_ROWS, path: '/management?add=1' });
    const dialog = await screen.findByRole('dialog', { name: userMessages.addAssociate });
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: userMessages.addAssociate })).not.toBeInTheDocument());
    await screen.findByRole('row', { name: 'Sam Associate' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('user management: status and edits', () => {
  it('offers Deactivate for an active agency, warns about sessions and associates, posts it, then offers Activate', async () => {
    const { user, calls } = await openManagement();
    await user.click(await screen.findByRole('button', { name: 'View Alex Agency' }));
    let dialog = await screen.findByRole('dialog', { name: 'Alex Agency' });
    for (const text of ['alex@example.com', '+1 202 555 0150', 'Acme Media', 'Owner', '$1,234.50', 'Active']) expect(dialog).toHaveTextContent(text);
    expect(within(dialog).queryByRole('button', { name: 'Activate' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    dialog = await screen.findByRole('dialog', { name: managementScreenMessages.deactivateTitle('Alex Agency') });
    expect(dialog).toHaveTextContent(managementScreenMessages.deactivateSessions('Alex Agency'));
    expect(dialog).toHaveTextContent(managementScreenMessages.deactivateAgency);
    expect(calls.some((c) => route(c) === 'POST /api/user/changeStatus')).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText(userMessages.deactivated)).toBeInTheDocument();
    expect(calls.find((c) => route(c) === 'POST /api/user/changeStatus')!.body).toEqual({ status: 0, userid: 31 });
    dialog = await screen.findByRole('dialog', { name: 'Alex Agency' });
    expect(await within(dialog).findByRole('button', { name: 'Activate' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Inactive');
    // The list behind shows the new status too.
    await waitFor(() => expect(screen.getByRole('row', { name: 'Alex Agency', hidden: true })).toHaveTextContent('Inactive'));
  });

  it('cancels a deactivation without posting anything', async () => {
    const { user, calls } = await openManagement({ role: 'agency', rows: AGENCY_ROWS });
    await user.click(await screen.findByRole('button', { name: 'View Sam Associate' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Sam Associate' })).getByRole('button', { name: 'Deactivate' }));
    const confirm = await screen.findByRole('dialog', { name: managementScreenMessages.deactivateTitle('Sam Associate') });
    // An associate has no associates of its own.
    expect(confirm).not.toHaveTextContent(managementScreenMessages.deactivateAgency);
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(within(await screen.findByRole('dialog', { name: 'Sam Associate' })).getByRole('button', { name: 'Deactivate' })).toBeInTheDocument();
    expect(calls.some((c) => route(c) === 'POST /api/user/changeStatus')).toBe(false);
  });

  it('activates an inactive user at once', async () => {
    const { user, calls } = await openManagement();
    await user.click(await screen.findByRole('button', { name: 'View Sam Associate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sam Associate' });
    expect(within(dialog).queryByRole('button', { name: 'Deactivate' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText(userMessages.activated)).toBeInTheDocument();
    expect(calls.find((c) => route(c) === 'POST /api/user/changeStatus')!.body).toEqual({ status: 1, userid: 45 });
    expect(await within(dialog).findByRole('button', { name: 'Deactivate' })).toBeInTheDocument();
  });

  it('shows the server’s refusal of a status change', async () => {
    const toasts = vi.spyOn(notifications, 'show');
    const { user } = await openManagement({
      handler: (call) => (route(call) === 'POST /api/user/changeStatus' ? json(403, { message: messages.forbidden }) : undefined),
    });
    await user.click(await screen.findByRole('button', { name: 'View Sam Associate' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Sam Associate' })).getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText(messages.forbidden)).toBeInTheDocument();
    expect(toasts).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['admin', ADMIN_ROWS],
    ['agency', AGENCY_ROWS],
  ] as const)('offers the %s no status button on its own row', async (role, rows) => {
    const { user } = await openManagement({ role, rows });
    await user.click(await screen.findByRole('button', { name: 'View Ada Lovelace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ada Lovelace' });
    expect(dialog).toHaveTextContent('ada@example.com');
    expect(within(dialog).queryByRole('button', { name: /^(Activate|Deactivate)$/ })).not.toBeInTheDocument();
    expect(dialog).toHaveTextContent(managementScreenMessages.statusLocked);
  });

  it('offers no status button on another admin', async () => {
    const other = userRow({ id: 8, name: 'Otto Admin', email: 'otto@example.com', roles: [{ name: 'admin' }], group: 'Admin', balance: null });
    const { user } = await openManagement({ rows: [other, ...ADMIN_ROWS] });
    await user.click(await screen.findByRole('button', { name: 'View Otto Admin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Otto Admin' });
    expect(within(dialog).queryByRole('button', { name: /^(Activate|Deactivate)$/ })).not.toBeInTheDocument();
  });

  it('edits a user: the name is required, the rest goes to updateUserInfo with the user id', async () => {
    const { user, calls } = await openManagement({
      handler: (call) =>
        route(call) === 'POST /api/update/updateUserInfo' ? json(200, { message: messages.success, user: makeUser('associate', { id: 45 }) }) : undefined,
    });
    await screen.findByRole('row', { name: 'Sam Associate' });
    const before = listCalls(calls).length;
    await user.click(screen.getByRole('button', { name: 'Edit Sam Associate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Sam Associate' });
    expect(field(dialog, 'Full Name')).toHaveValue('Sam Associate');
    expect(field(dialog, 'Company Name')).toHaveValue('Acme Media');
    expect(field(dialog, 'Role / Designation')).toHaveValue('Writer');

    await user.clear(field(dialog, 'Full Name'));
    await user.type(field(dialog, 'Full Name'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(within(dialog).getByText(userMessages.fullNameRequired)).toBeInTheDocument();
    expect(field(dialog, 'Full Name')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => route(c) === 'POST /api/update/updateUserInfo')).toBe(false);

    await user.clear(field(dialog, 'Full Name'));
    await user.type(field(dialog, 'Full Name'), 'Samira Associate');
    await user.clear(field(dialog, 'Company Name'));
    await user.type(field(dialog, 'Role / Designation'), ' Lead');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText(messages.success)).toBeInTheDocument();
    // The phone was not touched, so it is not sent (and stays as it is).
    expect(calls.find((c) => route(c) === 'POST /api/update/updateUserInfo')!.body).toEqual({
      sign: { userId: 45, name: 'Samira Associate', company_name: null, role_designation: 'Writer Lead' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Sam Associate' })).not.toBeInTheDocument());
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(before));
  });

  it('sends a changed phone number and shows the server’s phone error under the field', async () => {
    const { user, calls } = await openManagement({
      handler: (call) =>
        route(call) === 'POST /api/update/updateUserInfo'
          ? json(422, { message: messages.invalidData, errors: { 'sign.phoneNumber': [messages.phoneInvalid] } })
          : undefined,
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Alex Agency' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Alex Agency' });
    const phone = field(dialog, 'Phone Number');
    await user.clear(phone);
    await user.type(phone, '2025550199');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText(messages.phoneInvalid)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls.find((c) => route(c) === 'POST /api/update/updateUserInfo')!.body).toMatchObject({
      sign: { userId: 31, phoneNumber: '+12025550199' },
    });
  });

  it('opens the edit form from the detail view', async () => {
    const { user } = await openManagement();
    await user.click(await screen.findByRole('button', { name: 'View Alex Agency' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Alex Agency' })).getByRole('button', { name: 'Edit' }));
    expect(field(await screen.findByRole('dialog', { name: 'Edit Alex Agency' }), 'Full Name')).toHaveValue('Alex Agency');
  });
});

describe('user management: who may open it', () => {
  it('sends an associate to the dashboard without asking for users', async () => {
    const auth = signIn('associate');
    const calls = mockApi((call) => (route(call) === 'GET /api/getInfo' ? json(200, { user: auth.user }) : undefined));
    const { router } = renderRoute('/management');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(listCalls(calls)).toHaveLength(0);
  });
});
