import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Modal } from '@mantine/core';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { appWrapper } from '@/test/utils';
import { lazyModal } from './lazy-modal';

type Props = { opened: boolean; onClose: () => void };

function Dialog({ opened, onClose }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title="Add balance">
      Loaded
    </Modal>
  );
}

describe('lazyModal', () => {
  it('loads the dialog only when it is first opened, and keeps it mounted after it closes', async () => {
    const load = vi.fn(() => Promise.resolve(Dialog));
    const LazyDialog = lazyModal<Props>(load);
    function Screen() {
      const [opened, setOpened] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpened(true)}>
            Open
          </button>
          <LazyDialog opened={opened} onClose={() => setOpened(false)} />
        </>
      );
    }
    const { Wrapper } = appWrapper();
    render(<Screen />, { wrapper: Wrapper });
    expect(load).not.toHaveBeenCalled();
    act(() => screen.getByRole('button', { name: 'Open' }).click());
    expect(await screen.findByRole('dialog', { name: 'Add balance' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    act(() => screen.getByRole('button', { name: 'Open' }).click());
    expect(await screen.findByRole('dialog', { name: 'Add balance' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
