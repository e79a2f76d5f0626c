import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@copydesk/shared';
import { json, mockApi, renderRoute, route } from '@/test/utils';

describe('email verify screen', () => {
  it('goes to sign-in when no email is waiting for verification', async () => {
    const calls = mockApi(() => undefined);
    const { router } = renderRoute('/email/verify');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls).toHaveLength(0);
  });

  it('stays while the email is not verified, and resends the link', async () => {
    localStorage.setItem('sendto', 'new@example.com');
    const calls = mockApi((call) => {
      if (route(call) === 'POST /api/email/checkverify') return json(200, { verified: false, message: messages.emailNotVerifiedYet });
      if (route(call) === 'POST /api/email/resendVerify') return json(200, { message: messages.verificationSent });
    });
    const { user, router } = renderRoute('/email/verify');

    expect(await screen.findByText(messages.verifyEmailNote('new@example.com'))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resend Email' }));

    expect(await screen.findByText(messages.verificationSent)).toBeInTheDocument();
    expect(calls.map((c) => [c.url, c.body])).toEqual([
      ['/api/email/checkverify', { email: 'new@example.com' }],
      ['/api/email/resendVerify', { email: 'new@example.com' }],
    ]);
    expect(router.state.location.pathname).toBe('/email/verify');
  });

  it('moves on to sign-in once the email is verified', async () => {
    localStorage.setItem('sendto', 'new@example.com');
    mockApi(() => json(200, { verified: true, message: messages.emailAlreadyVerified }));
    const { router } = renderRoute('/email/verify');

    expect(await screen.findByText(messages.emailAlreadyVerified)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('sendto')).toBeNull();
  });

  it('clears storage and goes to sign-in when resending fails', async () => {
    localStorage.setItem('sendto', 'gone@example.com');
    mockApi((call) => {
      if (route(call) === 'POST /api/email/checkverify') return json(200, { verified: false, message: messages.emailNotVerifiedYet });
      // The server answers every email alike (no account enumeration); what can fail is the rate limit.
      return json(429, { message: messages.tooManyRequests });
    });
    const { user, router } = renderRoute('/email/verify');

    await user.click(await screen.findByRole('button', { name: 'Resend Email' }));

    expect(await screen.findByText(messages.tooManyRequests)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('sendto')).toBeNull();
  });
});
