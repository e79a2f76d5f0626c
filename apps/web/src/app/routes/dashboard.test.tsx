import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages, WELCOME_DELAY_MS } from '@copydesk/shared';
import { json, mockApi, renderRoute, signIn } from '@/test/utils';

afterEach(() => {
  vi.useRealTimers();
});

async function openDashboard(loginCount: number, role: 'agency' | 'associate' = 'agency') {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const auth = signIn(role, { login_count: loginCount });
  mockApi(() => json(200, { user: auth.user }));
  const view = renderRoute('/dashboard');
  await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace!' });
  return view;
}

describe('dashboard', () => {
  it('greets the user by name with the subtitle of their role', async () => {
    await openDashboard(5);
    expect(screen.getByText(messages.dashboardSubtitleAgency)).toBeInTheDocument();
  });

  it('opens the welcome guide 3 seconds after a first login, once', async () => {
    const { unmount } = await openDashboard(1);

    await act(() => vi.advanceTimersByTimeAsync(WELCOME_DELAY_MS - 500));
    expect(screen.queryByRole('dialog', { name: 'Getting started' })).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(600));
    const guide = await screen.findByRole('dialog', { name: 'Getting started' });
    for (const step of ['Add balance', 'Add team members', 'Place an order']) {
      expect(guide).toHaveTextContent(step);
    }
    expect(screen.getByRole('button', { name: 'Close getting started guide' })).toBeInTheDocument();

    unmount();
    renderRoute('/dashboard');
    await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace!' });
    await act(() => vi.advanceTimersByTimeAsync(WELCOME_DELAY_MS + 500));
    expect(screen.queryByRole('dialog', { name: 'Getting started' })).not.toBeInTheDocument();
  });

  it('does not open the guide after later logins', async () => {
    await openDashboard(2);
    await act(() => vi.advanceTimersByTimeAsync(WELCOME_DELAY_MS + 500));
    expect(screen.queryByRole('dialog', { name: 'Getting started' })).not.toBeInTheDocument();
  });

  it('offers an associate only what an associate can do', async () => {
    await openDashboard(1, 'associate');
    await act(() => vi.advanceTimersByTimeAsync(WELCOME_DELAY_MS + 100));
    const guide = await screen.findByRole('dialog', { name: 'Getting started' });
    expect(guide).toHaveTextContent('Place an order');
    expect(guide).not.toHaveTextContent('Add balance');
    expect(guide).not.toHaveTextContent('Add team members');
  });
});
