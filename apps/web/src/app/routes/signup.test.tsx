import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '@copydesk/shared';
import { json, mockApi, renderRoute } from '@/test/utils';

async function openSignup(path = '/signup') {
  const view = renderRoute(path);
  await screen.findByRole('heading', { name: 'Sign Up' });
  return view;
}

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`));
const submit = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Sign Up' }));

/** The one toast on screen (Mantine renders notifications in a portal with role "alert"). */
async function toast() {
  const alerts = await screen.findAllByRole('alert');
  expect(alerts).toHaveLength(1);
  return alerts[0];
}

async function fillValid(user: UserEvent, overrides: Partial<Record<string, string>> = {}) {
  const values = {
    'Full Name': 'Grace Hopper',
    'Company Name': 'Navy Words',
    'Role / Designation': 'Editor',
    'Phone Number': '2025550123',
    Email: 'grace@example.com',
    Password: 'longenough1',
    'Confirm Password': 'longenough1',
    ...overrides,
  };
  for (const [label, value] of Object.entries(values)) {
    const input = field(label);
    await user.clear(input);
    if (value) await user.type(input, value);
  }
}

async function retype(user: UserEvent, label: string, value: string) {
  await user.clear(field(label));
  await user.type(field(label), value);
}

describe('sign-up screen', () => {
  it("shows every missing field's message under it, no toast, and focuses the first", async () => {
    const calls = mockApi(() => undefined);
    const { user } = await openSignup();

    await submit(user);

    for (const label of ['Full Name', 'Phone Number', 'Email', 'Password', 'Confirm Password']) {
      await waitFor(() => expect(field(label)).toHaveAttribute('aria-invalid', 'true'));
      expect(field(label)).toHaveAccessibleDescription(messages.requiredFields);
    }
    expect(field('Company Name')).not.toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(field('Full Name')).toHaveFocus());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('shows every rule broken at once, each under its field: length, match, terms, email format', async () => {
    const calls = mockApi(() => undefined);
    const { user } = await openSignup();

    await fillValid(user, { Email: 'grace@', Password: 'short', 'Confirm Password': 'different' });
    await submit(user);
    await waitFor(() => expect(field('Password')).toHaveAccessibleDescription(messages.passwordTooShort));
    const terms = screen.getByRole('checkbox', { name: /terms and conditions/ });
    expect(field('Email')).toHaveAccessibleDescription(messages.emailNotCorrect);
    expect(terms).toHaveAccessibleDescription(messages.acceptTerms);
    expect(terms).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(field('Email')).toHaveFocus());

    await retype(user, 'Password', 'longenough1');
    await user.click(terms);
    await submit(user);
    await waitFor(() => expect(field('Confirm Password')).toHaveAccessibleDescription(messages.passwordsDoNotMatch));
    expect(field('Email')).toHaveAccessibleDescription(messages.emailNotCorrect);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    expect(calls).toHaveLength(0);
  });

  it('registers with the international number, country and utm parameters, then asks to verify', async () => {
    const calls = mockApi((call) => {
      if (call.url === '/api/register') return json(201, { message: messages.signedUp, user: null });
      if (call.url === '/api/email/checkverify') return json(200, { verified: false, message: messages.emailNotVerifiedYet });
    });
    const { user, router } = await openSignup('/signup?utm_source=newsletter&utm_campaign=spring');

    await fillValid(user);
    await user.click(screen.getByRole('checkbox', { name: /terms and conditions/ }));
    await submit(user);

    await waitFor(() => expect(router.state.location.pathname).toBe('/email/verify'));
    expect(calls[0].body).toEqual({
      sign: {
        name: 'Grace Hopper',
        email: 'grace@example.com',
        company_name: 'Navy Words',
        role_designation: 'Editor',
        contact_number: '+12025550123',
        countryCode: 'US',
        password: 'longenough1',
        confirmPassword: 'longenough1',
        termsandcondition: true,
        utms: { utm_campaign: 'spring', utm_content: null, utm_medium: null, utm_source: 'newsletter', utm_term: null },
      },
    });
    expect(localStorage.getItem('sendto')).toBe('grace@example.com');
    expect(await screen.findByText(messages.signedUp)).toBeInTheDocument();
  });

  it('moves on to "please verify" whatever the address, since the server answers a taken one as a new sign-up', async () => {
    // The server's answer for an address that already has an account (docs/decisions/0012-no-account-enumeration.md): its owner is emailed.
    mockApi((call) => {
      if (call.url === '/api/register') return json(201, { message: messages.signedUp, user: null });
      if (call.url === '/api/email/checkverify') return json(200, { verified: false, message: messages.emailNotVerifiedYet });
    });
    const { user, router } = await openSignup();

    await fillValid(user);
    await user.click(screen.getByRole('checkbox', { name: /terms and conditions/ }));
    await submit(user);

    await waitFor(() => expect(router.state.location.pathname).toBe('/email/verify'));
    expect(localStorage.getItem('sendto')).toBe('grace@example.com');
    expect(screen.queryByText(messages.emailAlreadyRegistered)).not.toBeInTheDocument();
  });

  it('shows the first message of another field error', async () => {
    mockApi(() => json(422, { message: messages.invalidData, errors: { 'sign.contact_number': [messages.phoneInvalid] } }));
    const { user } = await openSignup();

    await fillValid(user);
    await user.click(screen.getByRole('checkbox', { name: /terms and conditions/ }));
    await submit(user);

    // One toast (the central one, not a second from the form), and the message under its field.
    expect(await toast()).toHaveTextContent(messages.phoneInvalid);
    expect(field('Phone Number')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText(messages.phoneInvalid)).toHaveLength(2);
  });
});
