import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, renderRoute, route, signIn } from '@/test/utils';

describe('document title', () => {
  it('names the screen, and follows a navigation', async () => {
    mockApi(() => undefined);
    const { router } = renderRoute('/login');
    await screen.findByRole('heading', { name: 'Welcome' });
    expect(document.title).toBe('Sign In · Copydesk');

    await act(() => router.navigate('/signup'));
    await screen.findByRole('heading', { name: 'Sign Up' });
    expect(document.title).toBe('Sign Up · Copydesk');
  });

  it('puts the order id in the title of an order screen', async () => {
    const auth = signIn('agency');
    // The order never arrives: the screen stays where it is.
    mockApi((call) => (route(call) === 'GET /api/getInfo' ? json(200, { user: auth.user }) : new Promise<Response>(() => {})));
    renderRoute('/items/42');
    await waitFor(() => expect(document.title).toBe('Order 42 · Copydesk'));
  });
});

describe('focus on navigation', () => {
  it('stays on the document at the first load of the app', async () => {
    mockApi(() => undefined);
    renderRoute('/login');
    await screen.findByRole('heading', { name: 'Welcome' });
    expect(document.body).toHaveFocus();
  });

  it('moves to the new page heading after a link is followed', async () => {
    mockApi(() => undefined);
    const { user, router } = renderRoute('/login');
    await screen.findByRole('heading', { name: 'Welcome' });

    await user.click(screen.getByRole('link', { name: "Don't have an account. Sign Up." }));
    const heading = await screen.findByRole('heading', { name: 'Sign Up' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(heading).toHaveAttribute('tabindex', '-1');
    expect(router.state.location.pathname).toBe('/signup');
  });

  it('leaves focus where it is when only the query string changes', async () => {
    mockApi(() => undefined);
    const { user, router } = renderRoute('/signup');
    await screen.findByRole('heading', { name: 'Sign Up' });
    const name = screen.getByRole('textbox', { name: /^Full Name/ });
    await user.click(name);

    await act(() => router.navigate('/signup?utm_source=newsletter'));
    expect(name).toHaveFocus();
  });

  it('moves from Sign in to the forgot-password card and back', async () => {
    mockApi(() => undefined);
    const { user } = renderRoute('/login');
    await screen.findByRole('heading', { name: 'Welcome' });

    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Forgot password?' })).toHaveFocus());
  });
});
