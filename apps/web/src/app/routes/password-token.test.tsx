import { screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '@copydesk/shared';
import { json, mockApi, renderRoute } from '@/test/utils';

const password = () => screen.getByLabelText(/^Password/);
const confirm = () => screen.getByLabelText(/^Confirm Password/);

describe('reset and set password screens', () => {
  it('refuses a confirmation that does not match and sends nothing', async () => {
    const calls = mockApi(() => undefined);
    const { user } = renderRoute('/password/reset/tok-abc?email=ada@example.com');
    await screen.findByRole('heading', { name: 'Reset Password' });

    await user.type(password(), 'longenough1');
    await user.type(confirm(), 'longenough2');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByText(messages.passwordsDoNotMatch)).toBeInTheDocument();
    expect(confirm()).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it('marks empty fields and asks to complete them', async () => {
    mockApi(() => undefined);
    const { user } = renderRoute('/password/reset/tok-abc?email=ada@example.com');
    await screen.findByRole('heading', { name: 'Reset Password' });

    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    await waitFor(() => expect(password()).toHaveAccessibleDescription(messages.requiredFields));
    expect(confirm()).toHaveAccessibleDescription(messages.requiredFields);
    expect(password()).toHaveAttribute('aria-invalid', 'true');
    expect(confirm()).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(password()).toHaveFocus());
  });

  it('resets with the token and email of the link, then opens sign-in', async () => {
    const calls = mockApi(() => json(200, { message: 'ok' }));
    const { user, router } = renderRoute('/password/reset/tok-abc?email=ada@example.com');
    await screen.findByRole('heading', { name: 'Reset Password' });

    await user.type(password(), 'longenough1');
    await user.type(confirm(), 'longenough1{Enter}');

    expect(await screen.findByText(messages.passwordChanged)).toBeInTheDocument();
    expect(calls[0].url).toBe('/api/password/reset');
    expect(calls[0].body).toEqual({
      email: 'ada@example.com',
      token: 'tok-abc',
      password: 'longenough1',
      password_confirmation: 'longenough1',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('sets a first password and follows a same-site redirect', async () => {
    const calls = mockApi(() => json(200, { message: 'ok' }));
    const { user, router } = renderRoute('/setpassword/tok-new?email=new@example.com&redirect=/signup');
    await screen.findByRole('heading', { name: 'Set Password' });

    await user.type(password(), 'longenough1');
    await user.type(confirm(), 'longenough1');
    await user.click(screen.getByRole('button', { name: 'Enter Password' }));

    expect(await screen.findByText(messages.passwordSaved)).toBeInTheDocument();
    expect(calls[0].url).toBe('/api/password/set');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signup'));
  });

  it('ignores a redirect to another site', async () => {
    mockApi(() => json(200, { message: 'ok' }));
    const { user, router } = renderRoute('/setpassword/tok-new?email=new@example.com&redirect=//evil.example');
    await screen.findByRole('heading', { name: 'Set Password' });

    await user.type(password(), 'longenough1');
    await user.type(confirm(), 'longenough1{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('shows every message of a server error', async () => {
    const toasts = vi.spyOn(notifications, 'show');
    mockApi(() =>
      json(422, {
        message: messages.invalidData,
        errors: { token: [messages.invalidResetToken], password: ['The password is too common.'] },
      }),
    );
    const { user, router } = renderRoute('/password/reset/expired?email=ada@example.com');
    await screen.findByRole('heading', { name: 'Reset Password' });

    await user.type(password(), 'longenough1');
    await user.type(confirm(), 'longenough1{Enter}');

    expect(await screen.findByText(messages.invalidResetToken)).toBeInTheDocument();
    // One toast with every message; the field it names also shows its own.
    expect(toasts).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(password()).toHaveAccessibleDescription('The password is too common.'));
    expect(password()).toHaveAttribute('aria-invalid', 'true');
    expect(confirm()).not.toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.pathname).toBe('/password/reset/expired');
  });
});
