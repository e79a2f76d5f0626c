import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@copydesk/shared';
import { getToken } from '@/lib/auth';
import { json, makeUser, mockApi, renderRoute, route } from '@/test/utils';

describe('Google sign-in landing', () => {
  it('exchanges the one-time token, stores the session and opens the dashboard', async () => {
    const user = makeUser('agency');
    const calls = mockApi((call) => {
      if (route(call) === 'GET /api/getGoogleLogin/one-time') return json(200, { token: 'tok-g', user });
      if (route(call) === 'GET /api/getInfo') return json(200, { user });
    });
    const { router } = renderRoute('/social-login/one-time');

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(calls[0].url).toBe('/api/getGoogleLogin/one-time');
    expect(getToken()).toBe('tok-g');
    // Remember me was not ticked: the session ends with the browser.
    expect(localStorage.getItem('token')).toBeNull();
    expect(await screen.findByText(messages.loggedIn)).toBeInTheDocument();
  });

  it('lands on the page the sign-in form was sent from, remembered when the box was ticked', async () => {
    const user = makeUser('agency');
    mockApi((call) => {
      if (route(call) === 'GET /api/getGoogleLogin/one-time') return json(200, { token: 'tok-g', user });
      if (route(call) === 'GET /api/getInfo') return json(200, { user });
    });
    sessionStorage.setItem('googleSignIn', JSON.stringify({ next: '/my-account', remember: true }));
    const { router } = renderRoute('/social-login/one-time');

    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/my-account'));
    expect(localStorage.getItem('token')).toBe('tok-g');
    expect(sessionStorage.getItem('googleSignIn')).toBeNull();
  });

  it('does not follow a return path to another site', async () => {
    const user = makeUser('agency');
    mockApi((call) => {
      if (route(call) === 'GET /api/getGoogleLogin/one-time') return json(200, { token: 'tok-g', user });
      if (route(call) === 'GET /api/getInfo') return json(200, { user });
    });
    sessionStorage.setItem('googleSignIn', JSON.stringify({ next: '//evil.example', remember: false }));
    const { router } = renderRoute('/social-login/one-time');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('shows the server message and goes to sign-in when the token is refused', async () => {
    mockApi(() => json(401, { message: messages.invalidLoginLink }));
    const { router } = renderRoute('/social-login/stale');

    expect(await screen.findByText(messages.invalidLoginLink)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
  });
});
