import { useState } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider, Modal, Textarea } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { unsavedDialogMessages } from '@copydesk/shared';
import { theme } from '@/test/utils';
import { hasText, useUnsavedClose, useUnsavedText } from './unsaved-close';

function NoteForm({ markDirty }: { markDirty: (dirty: boolean) => void }) {
  const [note, setNote] = useState('');
  useUnsavedText(markDirty, hasText(note));
  return <Textarea label="Note" value={note} onChange={(e) => setNote(e.currentTarget.value)} />;
}

function NoteDialog() {
  const [opened, setOpened] = useState(true);
  const unsaved = useUnsavedClose(() => setOpened(false));
  return (
    <MantineProvider theme={theme}>
      <Modal
        opened={opened}
        onClose={unsaved.requestClose}
        title="Write a note"
        closeButtonProps={{ 'aria-label': 'Close note' }}
        transitionProps={{ duration: 0 }}
      >
        {opened && <NoteForm markDirty={unsaved.markDirty} />}
      </Modal>
      {unsaved.prompt}
      {!opened && <p>closed</p>}
    </MantineProvider>
  );
}

const note = () => screen.getByRole('dialog', { name: 'Write a note' });

describe('useUnsavedClose', () => {
  it('closes a dialog without typed text at once', async () => {
    const user = userEvent.setup({ delay: null });
    render(<NoteDialog />);
    await user.click(within(note()).getByRole('button', { name: 'Close note' }));
    expect(await screen.findByText('closed')).toBeInTheDocument();
    expect(screen.queryByText(unsavedDialogMessages.title)).not.toBeInTheDocument();
  });

  it('asks before Escape or the close button throws typed text away; Keep editing keeps it', async () => {
    const user = userEvent.setup({ delay: null });
    render(<NoteDialog />);
    await user.type(within(note()).getByRole('textbox', { name: 'Note' }), 'Half a thought');

    await user.keyboard('{Escape}');
    const ask = await screen.findByRole('dialog', { name: unsavedDialogMessages.title });
    expect(ask).toHaveTextContent(unsavedDialogMessages.body);
    await user.click(within(ask).getByRole('button', { name: unsavedDialogMessages.keepEditing }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: unsavedDialogMessages.title })).not.toBeInTheDocument());
    expect(within(note()).getByRole('textbox', { name: 'Note' })).toHaveValue('Half a thought');
    expect(screen.queryByText('closed')).not.toBeInTheDocument();

    await user.click(within(note()).getByRole('button', { name: 'Close note' }));
    const again = await screen.findByRole('dialog', { name: unsavedDialogMessages.title });
    await user.click(within(again).getByRole('button', { name: unsavedDialogMessages.discard }));
    expect(await screen.findByText('closed')).toBeInTheDocument();
  });

  it('does not count spaces as text', () => {
    expect(hasText('  ', undefined, null)).toBe(false);
    expect(hasText('', 'x')).toBe(true);
  });
});
