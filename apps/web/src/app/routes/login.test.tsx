import { screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { describe, expect, it, vi } from 'vitest';
import { messages, signInMessages } from '@copydesk/shared';
import { getToken } from '@/lib/auth';
import { browser } from '@/lib/browser';
import { json, makeUser, mockApi, renderRoute, route, signIn } from '@/test/utils';

const signedInUser = makeUser('agency');

async function openLogin(path = '/login') {
  const view = renderRoute(path);
  await screen.findByRole('heading', { name: 'Welcome' });
  return view;
}

describe('sign-in screen', () => {
  it('says under each empty field what is missing, focuses the first and sends nothing', async () => {
    const calls = mockApi(() => undefined);
    const { user } = await openLogin();

    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    for (const field of [screen.getByLabelText(/^Email/), screen.getByLabelText(/^Password/)]) {
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(messages.requiredFields);
    }
    await waitFor(() => expect(screen.getByLabelText(/^Email/)).toHaveFocus());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('marks only the empty field', async () => {
    mockApi(() => undefined);
    const { user } = await openLogin();

    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(screen.getByLabelText(/^Email/)).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('rejects a malformed email before calling the server', async () => {
    const calls = mockApi(() => undefined);
    const { user } = await openLogin();

    await user.type(screen.getByLabelText(/^Email/), 'ada@example');
    await user.type(screen.getByLabelText(/^Password/), 'demopass123{Enter}');

    await waitFor(() => expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription(messages.emailNotCorrect));
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(screen.getByLabelText(/^Email/)).toHaveFocus());
    expect(calls).toHaveLength(0);
  });

  it('submits on Enter, stores the session and opens the dashboard', async () => {
    const calls = mockApi((call) => {
      if (route(call) === 'POST /api/login') return json(200, { token: 'tok-1', user: signedInUser });
      if (route(call) === 'GET /api/getInfo') return json(200, { user: signedInUser });
    });
    const { user, router } = await openLogin();

    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await user.type(screen.getByLabelText(/^Password/), 'demopass123{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(calls[0].body).toEqual({ email: 'ada@example.com', password: 'demopass123', remember: true });
    expect(localStorage.getItem('token')).toBe('tok-1');
    expect(JSON.parse(localStorage.getItem('userId')!)).toEqual({ token: 'tok-1', user: signedInUser });
    expect(await screen.findByText(messages.loggedIn)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace!' })).toBeInTheDocument();
  });

  it('sends an unverified user to /email/verify and remembers their email', async () => {
    const toasts = vi.spyOn(notifications, 'show');
    mockApi((call) => {
      if (route(call) === 'POST /api/login') return json(403, { code: 'auth.email_unverified', message: messages.verifyEmailFirst });
      if (route(call) === 'POST /api/email/checkverify') return json(200, { verified: false, message: messages.emailNotVerifiedYet });
    });
    const { user, router } = await openLogin();

    await user.type(screen.getByLabelText(/^Email/), 'new@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'demopass123{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/email/verify'));
    expect(localStorage.getItem('sendto')).toBe('new@example.com');
    expect(await screen.findByRole('heading', { name: 'Please verify your email' })).toBeInTheDocument();
    // The screen's own notice, not also the refusal as an error toast.
    expect(await screen.findByText(messages.verifyEmailFirst)).toBeInTheDocument();
    expect(toasts).toHaveBeenCalledTimes(1);
  });

  it('goes by the refusal’s code: another 403 is shown and the user stays', async () => {
    const toasts = vi.spyOn(notifications, 'show');
    mockApi(() => json(403, { code: 'auth.account_deactivated', message: messages.accountDeactivated }));
    const { user, router } = await openLogin();

    await user.type(screen.getByLabelText(/^Email/), 'gone@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'demopass123{Enter}');

    expect(await screen.findByText(messages.accountDeactivated)).toBeInTheDocument();
    expect(toasts).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('sendto')).toBeNull();
  });

  it('shows the server message for wrong credentials and stays', async () => {
    const toasts = vi.spyOn(notifications, 'show');
    mockApi(() => json(401, { message: messages.invalidCredentials }));
    const { user, router } = await openLogin();

    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'wrong-password{Enter}');

    expect(await screen.findByText(messages.invalidCredentials)).toBeInTheDocument();
    expect(toasts).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('shows the first field message of a 422', async () => {
    mockApi(() => json(422, { message: messages.invalidData, errors: { email: ['The email field is required.'] } }));
    const { user } = await openLogin();

    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'x{Enter}');

    // Under its field, not as a toast.
    await waitFor(() => expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription('The email field is required.'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('switches to forgot-password mode and back', async () => {
    mockApi(() => undefined);
    const { user } = await openLogin();

    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));

    expect(screen.getByText(messages.forgotPasswordHelp)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send Email' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('sends the reset link on Enter in forgot-password mode', async () => {
    const calls = mockApi(() => json(200, { message: messages.resetEmailSent }));
    const { user } = await openLogin();

    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com{Enter}');

    expect(await screen.findByText(messages.resetEmailSent)).toBeInTheDocument();
    expect(calls[0].url).toBe('/api/forgot-password');
    expect(calls[0].body).toEqual({ email: 'ada@example.com' });
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('shows the notice of the email-verification link', async () => {
    mockApi(() => undefined);
    const { router } = await openLogin('/login?verified=1');
    expect(await screen.findByText(messages.emailVerified)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('shows an error passed in the address', async () => {
    mockApi(() => undefined);
    await openLogin(`/login?error=${encodeURIComponent(messages.invalidVerifyLink)}`);
    expect(await screen.findByText(messages.invalidVerifyLink)).toBeInTheDocument();
  });

  it('starts Google sign-in by leaving for the server', async () => {
    mockApi(() => undefined);
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const { user } = await openLogin();

    await user.click(screen.getByRole('button', { name: 'Sign in with Google' }));

    expect(assign).toHaveBeenCalledWith('/api/socialredirect');
  });

  it('signs in from an emailed token and opens the order after 2 seconds', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const calls = mockApi(() => json(200, { token: 'tok-link', user: signedInUser }));
    renderRoute('/login?token=emailed&order_id=42');

    expect(await screen.findByText(messages.loggedIn)).toBeInTheDocument();
    expect(calls[0].url).toBe('/api/getuserbytoken/emailed');
    expect(assign).not.toHaveBeenCalled();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/payment/42'), { timeout: 3000 });
    // Not remembered: the link's session ends with the browser.
    expect(getToken()).toBe('tok-link');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('keeps the session past the browser only when Remember me is ticked', async () => {
    mockApi((call) => {
      if (route(call) === 'POST /api/login') return json(200, { token: 'tok-short', user: signedInUser });
      if (route(call) === 'GET /api/getInfo') return json(200, { user: signedInUser });
    });
    const { user, router } = await openLogin();
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'demopass123{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(getToken()).toBe('tok-short');
    expect(document.cookie).toContain('copydesk_session=tok-short');
  });
});

describe('sign-in lands where the user was sent from', () => {
  const signInOn = async (path: string) => {
    const calls = mockApi((call) => {
      if (route(call) === 'POST /api/login') return json(200, { token: 'tok-1', user: signedInUser });
      if (route(call) === 'GET /api/getInfo') return json(200, { user: signedInUser });
    });
    const view = await openLogin(path);
    await view.user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await view.user.type(screen.getByLabelText(/^Password/), 'demopass123{Enter}');
    return { ...view, calls };
  };

  it('a signed-out visit to a message thread signs in and opens that thread', async () => {
    mockApi(() => undefined);
    const first = renderRoute('/message?thread=12');
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/login'));
    expect(first.router.state.location.search).toBe('?next=%2Fmessage%3Fthread%3D12');
    first.unmount();

    const { router } = await signInOn('/login?next=%2Fmessage%3Fthread%3D12');
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/message?thread=12'));
  });

  it.each(['//evil.example', 'https://evil.example', '/\\evil.example', 'javascript:alert(1)'])('refuses next=%s: lands on the dashboard', async (next) => {
    const { router } = await signInOn(`/login?next=${encodeURIComponent(next)}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('hands the return path and Remember me to Google sign-in', async () => {
    mockApi(() => undefined);
    vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const { user } = await openLogin('/login?next=%2Fcontent-view%2F5');
    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await user.click(screen.getByRole('button', { name: 'Sign in with Google' }));
    expect(JSON.parse(sessionStorage.getItem('googleSignIn')!)).toEqual({ next: '/content-view/5', remember: true });
  });
});

describe('an emailed sign-in link opened while signed in', () => {
  it('is the signed-in account’s own: straight to the payment page, the link not spent', async () => {
    signIn('agency');
    const calls = mockApi((call) => {
      if (route(call) === 'POST /api/sign-in-link/owner') return json(200, { own: true, order_id: 42, owner: null });
    });
    const { router } = renderRoute('/login?token=own-link&order_id=42');
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment/42'));
    expect(calls.map(route)).not.toContain('GET /api/getuserbytoken/own-link');
    expect(calls.find((call) => route(call) === 'POST /api/sign-in-link/owner')?.body).toEqual({ token: 'own-link' });
    expect(getToken()).toBe('test-token');
  });

  it('is another account’s: says whose, and spends it only after Sign out and continue', async () => {
    signIn('associate', { email: 'sam@example.com' });
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const calls = mockApi((call) => {
      if (route(call) === 'POST /api/sign-in-link/owner') return json(200, { own: false, order_id: 42, owner: 'ag•••@example.com' });
      if (route(call) === 'POST /api/logout') return json(200, { message: messages.loggedOut });
      if (route(call) === 'GET /api/getuserbytoken/agency-link') return json(200, { token: 'tok-agency', user: signedInUser });
    });
    const { user } = renderRoute('/login?token=agency-link&order_id=42');

    expect(await screen.findByRole('heading', { name: signInMessages.linkHeading })).toBeInTheDocument();
    expect(screen.getByText(signInMessages.linkForAnother('ag•••@example.com', 'sam@example.com'))).toBeInTheDocument();
    expect(calls.map(route)).not.toContain('GET /api/getuserbytoken/agency-link');

    await user.click(screen.getByRole('button', { name: signInMessages.signOutAndContinue }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/payment/42'), { timeout: 3000 });
    expect(calls.map(route)).toEqual(['POST /api/sign-in-link/owner', 'POST /api/logout', 'GET /api/getuserbytoken/agency-link']);
    expect(getToken()).toBe('tok-agency');
  });

  it('is another account’s and the user stays: back to the dashboard, nothing spent', async () => {
    signIn('associate');
    const calls = mockApi((call) => {
      if (route(call) === 'POST /api/sign-in-link/owner') return json(200, { own: false, order_id: 42, owner: 'ag•••@example.com' });
      if (route(call) === 'GET /api/getInfo') return json(200, { user: makeUser('associate') });
    });
    const { user, router } = renderRoute('/login?token=kept-link&order_id=42');
    await user.click(await screen.findByRole('button', { name: signInMessages.stayHere }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(calls.map(route)).not.toContain('GET /api/getuserbytoken/kept-link');
    expect(getToken()).toBe('test-token');
  });

  it('whose session has ended goes on as a visitor: the link is exchanged once', async () => {
    signIn('agency');
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const calls = mockApi((call) => {
      if (route(call) === 'POST /api/sign-in-link/owner') return json(401, { code: 'auth.unauthenticated', message: messages.unauthenticated });
      if (route(call) === 'GET /api/getuserbytoken/expired-session') return json(200, { token: 'tok-new', user: signedInUser });
    });
    renderRoute('/login?token=expired-session&order_id=7');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/payment/7'), { timeout: 3000 });
    expect(calls.filter((call) => route(call) === 'GET /api/getuserbytoken/expired-session')).toHaveLength(1);
  });
});

describe('the exchange of an emailed link', () => {
  it('happens once in a page load, even when the page is mounted again', async () => {
    vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const calls = mockApi(() => json(200, { token: 'tok-once', user: signedInUser }));
    const first = renderRoute('/login?token=only-once&order_id=9');
    expect(await screen.findByText(messages.loggedIn)).toBeInTheDocument();
    first.unmount();
    renderRoute('/login?token=only-once&order_id=9');
    await waitFor(() => expect(screen.getAllByText(messages.loggedIn).length).toBeGreaterThan(0));
    expect(calls.filter((call) => route(call) === 'GET /api/getuserbytoken/only-once')).toHaveLength(1);
  });
});
