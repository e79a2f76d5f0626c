import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '@copydesk/shared';
import { ApiError } from '@/lib/api-client';
import { theme } from '@/test/utils';
import { EmptyState } from './empty-state';
import { ErrorState } from './error-state';

describe('ErrorState', () => {
  it("says what failed and the server's reason, and Retry asks again", async () => {
    const onRetry = vi.fn();
    render(
      <MantineProvider theme={theme}>
        <ErrorState title="The orders could not be loaded." error={new ApiError(503, 'The database is not reachable right now.')} onRetry={onRetry} />
      </MantineProvider>,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The orders could not be loaded.');
    expect(alert).toHaveTextContent('The database is not reachable right now.');
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('falls back to the generic server message, and offers no Retry without a way to retry', () => {
    render(
      <MantineProvider theme={theme}>
        <ErrorState title="The coupons could not be loaded" error="boom" />
      </MantineProvider>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(messages.serverError);
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });
});

describe('EmptyState', () => {
  it('shows the headline, a sentence and the next step', () => {
    render(
      <MantineProvider theme={theme}>
        <EmptyState title={messages.noData} message="No coupons yet." action={<a href="/add-coupon">Add Coupon</a>} />
      </MantineProvider>,
    );
    expect(screen.getByText(messages.noData)).toBeInTheDocument();
    expect(screen.getByText('No coupons yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add Coupon' })).toHaveAttribute('href', '/add-coupon');
  });
});
