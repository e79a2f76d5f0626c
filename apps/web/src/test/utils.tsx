import type { ReactNode } from 'react';
import { render, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { expect, onTestFinished, vi } from 'vitest';
import type { AuthResponse, Role, User } from '@copydesk/shared';
import { AppProvider, createQueryClient } from '@/app/provider';
import { routes as appRoutes } from '@/app/router';
import { contractDrift } from './contract';

/**
 * The app's providers (theme, query client with its central error report, toasts) around a hook or
 * a component under test, with a query client that does not retry. Tests of lib/ and components/
 * get the app's pieces from here: those folders never import the app themselves.
 */
export function appWrapper(client = createQueryClient({ retry: false })) {
  const Wrapper = ({ children }: { children: ReactNode }) => <AppProvider queryClient={client}>{children}</AppProvider>;
  return { client, Wrapper };
}

/** The app's Mantine theme, for a component rendered on its own. */
export { theme } from '@/app/provider';

/** Renders routes (the real table by default) in memory at `path`, with the app's providers. */
export function renderRoute(path: string, routes: RouteObject[] = appRoutes) {
  const queryClient = createQueryClient({ retry: false });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup({ delay: null });
  const view = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, user, queryClient };
}

export const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

export type FetchCall = { url: string; method: string; headers: Headers; body: unknown };

/**
 * Replaces fetch with `handler`, which answers by `METHOD /path` (query excluded). Unhandled calls
 * answer 404 so a test fails loudly rather than hanging. Every successful JSON answer must match
 * the endpoint's response schema (test/contract.ts); a test whose mock drifts from the contract
 * fails when it ends, naming the call. Returns the list of calls made.
 */
export function mockApi(handler: (call: FetchCall) => Response | Promise<Response> | undefined) {
  const calls: FetchCall[] = [];
  const drift: string[] = [];
  onTestFinished(() => {
    if (drift.length) throw new Error(`Mocked answers that break the API contract (packages/shared/src/endpoints):\n${drift.join('\n')}`);
  });
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const raw = init?.body;
    const body = typeof raw === 'string' ? JSON.parse(raw) : raw;
    const call = { url, method: init?.method ?? 'GET', headers: new Headers(init?.headers), body };
    calls.push(call);
    const response = (await handler(call)) ?? json(404, { message: `No mock for ${call.method} ${url}` });
    const problem = await contractDrift(call.method, url, response);
    if (problem && !drift.includes(problem)) drift.push(problem);
    return response;
  });
  return calls;
}

export const route = (call: FetchCall) => `${call.method} ${call.url.split('?')[0]}`;

export function makeUser(role: Role, overrides: Partial<User> = {}): User {
  return {
    id: 7,
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    roles: [{ name: role }],
    status: 1,
    login_count: 5,
    order_count: 0,
    email_verified_at: '2024-01-01T00:00:00Z',
    profileImg: null,
    google_pic: null,
    phoneNumber: '+12025550123',
    countryCode: 'US',
    company_name: 'Acme Media',
    role_designation: 'Editor',
    address: '1 Main St',
    city: 'Springfield',
    state: 'Illinois',
    state_id: '14',
    country: 'United States',
    country_id: '233',
    zipCode: '62701',
    group: 'Acme Media',
    agency_id: null,
    created_at: '2024-01-01T00:00:00Z',
    onboarding: { welcome_guide_closed: false, offer_banner_dismissed: false },
    ...overrides,
  };
}

/** Stores a session exactly as a sign-in does. */
export function signIn(role: Role, overrides: Partial<User> = {}): AuthResponse {
  const auth = { token: 'test-token', user: makeUser(role, overrides) };
  localStorage.setItem('token', auth.token);
  localStorage.setItem('userId', JSON.stringify(auth));
  return auth;
}

/** Opens a Mantine Select or combobox and picks `option` from its own list. */
export async function pickIn(user: UserEvent, input: HTMLElement, option: string) {
  await user.click(input);
  await waitFor(() => expect(input).toHaveAttribute('aria-controls'));
  await user.click(within(document.getElementById(input.getAttribute('aria-controls')!)!).getByRole('option', { name: option, hidden: true }));
}
