import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import '@mantine/core/styles/Modal.css';
import { unsavedDialogMessages } from '@copydesk/shared';

/**
 * A dialog that holds text the user typed asks before it closes: Escape, its close button and a
 * click outside all go through `requestClose`, which closes at once when nothing was typed, else
 * opens a small "Discard what you typed?" dialog over it. "Keep editing" (or Escape there) goes
 * back to the text; "Discard and close" closes. A successful save closes the dialog directly
 * (`onClose`), without asking.
 *
 * The form inside the dialog says whether it holds unsaved text with `useUnsavedText(markDirty, …)`;
 * the dialog renders `prompt` beside its Modal.
 */
export function useUnsavedClose(onClose: () => void): {
  /** For the Modal's `onClose`: asks first when the form holds unsaved text. */
  requestClose: () => void;
  /** For the form inside: whether it holds unsaved text (see `useUnsavedText`). */
  markDirty: (dirty: boolean) => void;
  /** The confirmation, rendered beside the dialog. */
  prompt: ReactNode;
} {
  const dirty = useRef(false);
  const [asking, setAsking] = useState(false);
  const markDirty = useCallback((value: boolean) => {
    dirty.current = value;
  }, []);
  const requestClose = () => (dirty.current ? setAsking(true) : onClose());
  const discard = () => {
    setAsking(false);
    dirty.current = false;
    onClose();
  };
  const prompt = <DiscardTextDialog opened={asking} onKeep={() => setAsking(false)} onDiscard={discard} />;
  return { requestClose, markDirty, prompt };
}

/** Reports to the dialog's `useUnsavedClose` whether its form holds unsaved text; nothing once the form is gone. */
export function useUnsavedText(markDirty: ((dirty: boolean) => void) | undefined, dirty: boolean): void {
  useEffect(() => markDirty?.(dirty), [markDirty, dirty]);
  useEffect(() => () => markDirty?.(false), [markDirty]);
}

/** Whether any of the values is text someone typed (not only spaces). */
export const hasText = (...values: readonly unknown[]): boolean => values.some((value) => typeof value === 'string' && value.trim() !== '');

function DiscardTextDialog({ opened, onKeep, onDiscard }: { opened: boolean; onKeep: () => void; onDiscard: () => void }) {
  return (
    <Modal
      opened={opened}
      onClose={onKeep}
      title={
        <Text component="span" fw={700}>
          {unsavedDialogMessages.title}
        </Text>
      }
      centered
      size="sm"
      // Over the dialog it guards (Mantine's modals sit at 200).
      zIndex={310}
      // Its two buttons say what each way out does; Escape and a click outside keep editing.
      withCloseButton={false}
    >
      <Text size="sm">{unsavedDialogMessages.body}</Text>
      <Group justify="flex-end" gap="sm" mt="lg">
        <Button variant="default" onClick={onKeep} data-autofocus>
          {unsavedDialogMessages.keepEditing}
        </Button>
        <Button color="red" onClick={onDiscard}>
          {unsavedDialogMessages.discard}
        </Button>
      </Group>
    </Modal>
  );
}
