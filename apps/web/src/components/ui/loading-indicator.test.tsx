import type { ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { theme } from '@/test/utils';
import { FullPageLoader } from './full-page-loader';
import { LoadingIndicator } from './loading-indicator';

const renderWithProviders = (ui: ReactNode) => render(<MantineProvider theme={theme}>{ui}</MantineProvider>);

describe('loading indicators', () => {
  it('announces what is loading in a status region, the spinner hidden from assistive technology', () => {
    const { container } = renderWithProviders(<LoadingIndicator label="Loading the order" />);
    const status = screen.getByRole('status', { name: 'Loading the order' });
    expect(status).toHaveTextContent('Loading the order');
    expect(status).toHaveAttribute('aria-live', 'polite');
    const spinner = container.querySelector('.mantine-Loader-root');
    expect(spinner).toHaveAttribute('aria-hidden', 'true');
    expect(spinner).not.toHaveAttribute('aria-label');
  });

  it('announces the full-page loader by its label', () => {
    const { container } = renderWithProviders(<FullPageLoader label="Signing in" />);
    expect(screen.getByRole('status', { name: 'Signing in' })).toHaveTextContent('Signing in');
    expect(container.ownerDocument.querySelector('.mantine-Loader-root[aria-label]')).toBeNull();
  });
});
