import { useState, type ReactNode } from 'react';
import { Modal, Text } from '@mantine/core';
import '@mantine/core/styles/Modal.css';
import { useUnsavedClose } from '@/components/ui/unsaved-close';

/** What the form of a shown-once dialog is handed: where the created value goes, Cancel, and whether it holds typed text. */
export type ShownOnceFormProps<T> = { onCreated: (value: T) => void; onCancel: () => void; markDirty: (dirty: boolean) => void };

type ShownOnceModalProps<T> = {
  opened: boolean;
  onClose: () => void;
  /** The creating call: no closing while it runs, and its state is reset when the dialog closes. */
  creating: { isPending: boolean; reset: () => void };
  /** The dialog's title while the form shows, and once the value is shown. */
  titles: { form: string; shown: string };
  form: (props: ShownOnceFormProps<T>) => ReactNode;
  /** The value the server answers once (an API key, a signing secret), and Done. */
  shown: (value: T, done: () => void) => ReactNode;
};

/**
 * A dialog that creates something whose secret the server answers only once: first its form (which
 * asks before typed text is thrown away), then the secret with a copy button until Done. Closing
 * forgets the secret, so it is never on screen again.
 */
export function ShownOnceModal<T>({ opened, onClose, creating, titles, form, shown }: ShownOnceModalProps<T>) {
  const [value, setValue] = useState<T | null>(null);
  const close = () => {
    setValue(null);
    creating.reset();
    onClose();
  };
  const unsaved = useUnsavedClose(close);
  return (
    <>
      <Modal
        opened={opened}
        onClose={() => !creating.isPending && unsaved.requestClose()}
        centered
        size="lg"
        title={
          <Text component="span" fw={700} fz="lg">
            {value !== null ? titles.shown : titles.form}
          </Text>
        }
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {opened && (value !== null ? shown(value, close) : form({ onCreated: setValue, onCancel: close, markDirty: unsaved.markDirty }))}
      </Modal>
      {unsaved.prompt}
    </>
  );
}
