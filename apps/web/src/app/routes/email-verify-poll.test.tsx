import { act, screen, waitFor } from '@testing-library/react';
import { focusManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@copydesk/shared';
import { CHECK_VERIFY_INTERVAL_MS } from '@/features/auth/api/check-verify';
import { json, mockApi, renderRoute, route, type FetchCall } from '@/test/utils';

/** The waiting tab notices the verification by itself, and sign-in starts with the verified email. */

afterEach(() => {
  vi.useRealTimers();
  focusManager.setFocused(undefined);
});

/** checkverify answers "not yet" until `verified()` says so. */
function verifyApi(verified: () => boolean) {
  return mockApi((call: FetchCall) => {
    if (route(call) === 'POST /api/email/checkverify') {
      return verified()
        ? json(200, { verified: true, message: messages.emailAlreadyVerified })
        : json(200, { verified: false, message: messages.emailNotVerifiedYet });
    }
  });
}
const checks = (calls: FetchCall[]) => calls.filter((c) => route(c) === 'POST /api/email/checkverify').length;

describe('email verify: the waiting tab', () => {
  it('asks again every few seconds while visible, then moves to sign-in with the email filled in', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    localStorage.setItem('sendto', 'new@example.com');
    let done = false;
    const calls = verifyApi(() => done);
    const { router } = renderRoute('/email/verify');

    expect(await screen.findByText(messages.verifyEmailNote('new@example.com'))).toBeInTheDocument();
    await waitFor(() => expect(checks(calls)).toBe(1));

    await act(() => vi.advanceTimersByTimeAsync(CHECK_VERIFY_INTERVAL_MS));
    await waitFor(() => expect(checks(calls)).toBe(2));
    expect(router.state.location.pathname).toBe('/email/verify');

    done = true; // the link was clicked on another screen
    await act(() => vi.advanceTimersByTimeAsync(CHECK_VERIFY_INTERVAL_MS));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText(messages.emailAlreadyVerified)).toBeInTheDocument();
    expect(await screen.findByLabelText(/^Email/)).toHaveValue('new@example.com');
    expect(localStorage.getItem('sendto')).toBeNull();

    // Verified: no more questions.
    const asked = checks(calls);
    await act(() => vi.advanceTimersByTimeAsync(CHECK_VERIFY_INTERVAL_MS * 2));
    expect(checks(calls)).toBe(asked);
  });

  it('asks again when the user comes back to the tab', async () => {
    localStorage.setItem('sendto', 'new@example.com');
    let done = false;
    const calls = verifyApi(() => done);
    const { router } = renderRoute('/email/verify');
    await waitFor(() => expect(checks(calls)).toBe(1));

    done = true;
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByLabelText(/^Email/)).toHaveValue('new@example.com');
  });
});

describe('sign-in after the emailed link', () => {
  it('fills in the email still waiting for verification in this browser', async () => {
    localStorage.setItem('sendto', 'new@example.com');
    mockApi(() => undefined);
    renderRoute('/login?verified=1');
    expect(await screen.findByLabelText(/^Email/)).toHaveValue('new@example.com');
    expect(await screen.findByText(messages.emailVerified)).toBeInTheDocument();
  });

  it('starts empty otherwise', async () => {
    mockApi(() => undefined);
    renderRoute('/login');
    expect(await screen.findByLabelText(/^Email/)).toHaveValue('');
  });
});
