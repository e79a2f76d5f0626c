import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@copydesk/shared';
import { json, mockApi, renderRoute } from '@/test/utils';

describe('development mailbox', () => {
  it('lists emails newest first and shows a text body with clickable links', async () => {
    mockApi(() =>
      json(200, {
        data: [
          { to: 'old@example.com', subject: 'Older email', text: 'old', html: '', created_at: '2024-01-01T10:00:00Z' },
          {
            to: 'new@example.com',
            subject: 'Verify your email',
            text: 'Click http://localhost:3000/api/email/verify/abc to verify.',
            html: '',
            created_at: '2024-01-02T10:00:00Z',
          },
        ],
      }),
    );
    const { user } = renderRoute('/dev/mailbox');

    const subjects = await screen.findAllByText(/Older email|Verify your email/);
    expect(subjects.map((s) => s.textContent)).toEqual(['Verify your email', 'Older email']);

    await user.click(screen.getByRole('button', { name: /Verify your email/ }));
    const link = await screen.findByRole('link', { name: 'http://localhost:3000/api/email/verify/abc' });
    expect(link).toHaveAttribute('href', 'http://localhost:3000/api/email/verify/abc');
  });

  it('shows an HTML email in a sandboxed frame whose links open in the page', async () => {
    mockApi(() =>
      json(200, {
        data: [{ to: 'a@example.com', subject: 'Reset', text: 'x', html: '<a href="/reset">Reset</a>', created_at: '2024-01-02T10:00:00Z' }],
      }),
    );
    const { user } = renderRoute('/dev/mailbox');

    await user.click(await screen.findByRole('button', { name: /Reset/ }));
    const frame = await screen.findByTitle('Email: Reset');
    expect(frame).toHaveAttribute('sandbox', 'allow-top-navigation-by-user-activation allow-popups');
    expect(frame.getAttribute('srcdoc')).toBe('<base target="_top"><a href="/reset">Reset</a>');
  });

  it('says the mailbox is off when the server has none', async () => {
    mockApi(() => json(404, { message: messages.notFound }));
    renderRoute('/dev/mailbox');
    expect(await screen.findByText(messages.mailboxOff)).toBeInTheDocument();
  });

  it('says when no email was sent yet', async () => {
    mockApi(() => json(200, { data: [] }));
    renderRoute('/dev/mailbox');
    const main = await screen.findByText(messages.mailboxEmpty);
    expect(within(main.parentElement!).queryByRole('button', { name: /To:/ })).not.toBeInTheDocument();
  });
});
