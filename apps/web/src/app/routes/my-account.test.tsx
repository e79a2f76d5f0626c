import { screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { describe, expect, it, vi } from 'vitest';
import { messages, securityMessages } from '@copydesk/shared';
import { json, makeUser, mockApi, renderRoute, route, signIn, type FetchCall } from '@/test/utils';

const places = (call: FetchCall) => {
  switch (route(call)) {
    case 'GET /api/getCounties':
      return json(200, {
        data: [
          { id: '233', name: 'United States' },
          { id: '39', name: 'Canada' },
        ],
      });
    case 'GET /api/getStatesByCounties/233':
      return json(200, { data: [{ id: '14', name: 'Illinois' }] });
    case 'GET /api/getCitiesByStates/14':
      return json(200, {
        data: [
          { id: '1', name: 'Springfield' },
          { id: '2', name: 'Chicago' },
        ],
      });
  }
};

async function openLoginTab(role: 'agency' | 'associate' = 'agency', changed: () => Response = () => json(200, { message: 'ok' })) {
  const auth = signIn(role);
  const calls = mockApi((call) => {
    if (route(call) === 'GET /api/getInfo') return json(200, { user: auth.user });
    if (route(call) === 'POST /api/update/password') return changed();
    return places(call);
  });
  const view = renderRoute('/my-account');
  await screen.findByRole('heading', { name: 'My Account' });
  if (role !== 'associate') await view.user.click(screen.getByRole('tab', { name: 'Login Information' }));
  return { ...view, calls };
}

/** A Select's text box (its option list carries the same label). */
const selectInput = (label: RegExp) => screen.getAllByLabelText(label).find((el) => el.tagName === 'INPUT') as HTMLInputElement;

const currentPassword = () => screen.getByLabelText(/^Current Password/);
const newPassword = () => screen.getByLabelText(/^New Password/);
const confirmPassword = () => screen.getByLabelText(/^Confirm Password/);

describe('my account: login information', () => {
  it("refuses two different passwords with the original portal's message", async () => {
    const { user, calls } = await openLoginTab();

    await user.type(newPassword(), 'longenough1');
    await user.type(confirmPassword(), 'longenough2');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));

    expect(await screen.findByText(messages.passwordChangeMismatch)).toBeInTheDocument();
    expect(confirmPassword()).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.url === '/api/update/password')).toBe(false);
  });

  it('asks for both fields', async () => {
    const { user, calls } = await openLoginTab();

    await user.type(newPassword(), 'longenough1');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));

    expect(await screen.findByText(messages.requiredFields)).toBeInTheDocument();
    expect(confirmPassword()).toHaveAttribute('aria-invalid', 'true');
    expect(newPassword()).not.toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.url === '/api/update/password')).toBe(false);
  });

  it('changes the password with the current one and says so', async () => {
    const { user, calls } = await openLoginTab();

    await user.type(currentPassword(), 'old secret 1');
    await user.type(newPassword(), 'longenough1');
    await user.type(confirmPassword(), 'longenough1{Enter}');

    expect(await screen.findByText(messages.passwordChanged)).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/update/password')?.body).toEqual({
      current_password: 'old secret 1',
      password: 'longenough1',
      password_confirmation: 'longenough1',
    });
    expect(currentPassword()).toHaveValue('');
    expect(newPassword()).toHaveValue('');
  });

  it('shows the server’s answer about the current password under that field', async () => {
    const wrong = securityMessages.currentPasswordWrong;
    const { user } = await openLoginTab('agency', () => json(422, { message: wrong, errors: { current_password: [wrong] } }));

    await user.type(currentPassword(), 'not it at all');
    await user.type(newPassword(), 'longenough1');
    await user.type(confirmPassword(), 'longenough1{Enter}');

    expect(await screen.findByText(wrong)).toBeInTheDocument();
    expect(currentPassword()).toHaveAttribute('aria-invalid', 'true');
    expect(currentPassword()).toHaveAccessibleDescription(expect.stringContaining(wrong));
    expect(currentPassword()).toHaveFocus();
    expect(newPassword()).not.toHaveAttribute('aria-invalid', 'true');
    expect(newPassword()).toHaveValue('longenough1');
    // Shown under the field, so not also a toast.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    // Typing a new current password clears the message.
    await user.type(currentPassword(), 'x');
    expect(screen.queryByText(wrong)).not.toBeInTheDocument();
    expect(currentPassword()).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('lets an account without a password (Google sign-in) leave the current one empty', async () => {
    const { user, calls } = await openLoginTab();
    expect(currentPassword()).not.toBeRequired();
    expect(screen.getByText(securityMessages.currentPasswordHint)).toBeInTheDocument();

    await user.type(newPassword(), 'longenough1');
    await user.type(confirmPassword(), 'longenough1{Enter}');

    expect(await screen.findByText(messages.passwordChanged)).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/update/password')?.body).toMatchObject({ current_password: '' });
  });

  it('says when too many wrong passwords were tried', async () => {
    const toasts = vi.spyOn(notifications, 'show');
    const { user } = await openLoginTab('agency', () => json(429, { message: securityMessages.tooManyPasswordAttempts }));

    await user.type(currentPassword(), 'guess guess');
    await user.type(newPassword(), 'longenough1');
    await user.type(confirmPassword(), 'longenough1{Enter}');

    expect(await screen.findByText(securityMessages.tooManyPasswordAttempts)).toBeInTheDocument();
    expect(toasts).toHaveBeenCalledTimes(1);
  });

  it('shows the email read-only', async () => {
    await openLoginTab();
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
  });
});

describe('my account: contact information', () => {
  it('is not offered to an associate', async () => {
    await openLoginTab('associate');
    expect(screen.queryByRole('tab', { name: 'Contact Information' })).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^New Password/)).toBeInTheDocument();
  });

  it('says under each required field left empty that it is missing, and focuses the first', async () => {
    const auth = signIn('agency', { company_name: null, zipCode: null });
    const calls = mockApi((call) => (route(call) === 'GET /api/getInfo' ? json(200, { user: auth.user }) : places(call)));
    const { user } = renderRoute('/my-account');
    await screen.findByRole('tab', { name: 'Contact Information' });

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    // Under each empty field, and the first takes focus.
    await waitFor(() => expect(screen.getByLabelText(/^Company Name/)).toHaveAccessibleDescription(messages.requiredFields));
    expect(screen.getByLabelText(/^Company Name/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Zip Code/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Zip Code/)).toHaveAccessibleDescription(messages.requiredFields);
    await waitFor(() => expect(screen.getByLabelText(/^Company Name/)).toHaveFocus());
    expect(screen.getByLabelText(/^Full Name/)).not.toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.url === '/api/update/updateInfo')).toBe(false);
  });

  it('saves the profile with the location chosen from the lists', async () => {
    const auth = signIn('agency');
    const saved = makeUser('agency', { name: 'Ada King' });
    const calls = mockApi((call) => {
      if (route(call) === 'GET /api/getInfo') return json(200, { user: auth.user });
      if (route(call) === 'POST /api/update/updateInfo') return json(200, { message: messages.profileUpdated, user: saved });
      return places(call);
    });
    const { user } = renderRoute('/my-account');
    const name = await screen.findByLabelText(/^Full Name/);
    // the saved place shows once the lists arrive
    await waitFor(() => expect(selectInput(/^Country/)).toHaveValue('United States'));
    await waitFor(() => expect(selectInput(/^State/)).toHaveValue('Illinois'));
    await waitFor(() => expect(selectInput(/^City/)).toHaveValue('Springfield'));

    await user.clear(name);
    await user.type(name, 'Ada King');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText(messages.profileUpdated)).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/update/updateInfo')?.body).toEqual({
      name: 'Ada King',
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
    });
    await waitFor(() => expect(JSON.parse(localStorage.getItem('userId')!).user.name).toBe('Ada King'));
  });
});
