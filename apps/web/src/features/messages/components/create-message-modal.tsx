import { useRef } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import '@mantine/core/styles/Modal.css';
import { useForm } from '@mantine/form';
import { getHotkeyHandler, useMediaQuery } from '@mantine/hooks';
import { inboxMessages, inboxScreenMessages as t, messages } from '@copydesk/shared';
import { hasText, useUnsavedClose, useUnsavedText } from '@/components/ui/unsaved-close';
import { ariaInvalid } from '@/lib/form';
import { notify } from '@/lib/notify';
import { formFieldErrors } from '@/lib/server-errors';
import { useCreateThread } from '../api/create-thread';
import { MESSAGE_MAX, SUBJECT_MAX } from '../api/types';
import { formatCount } from '../lib/format';
import { CharacterCount } from './character-count';

type Field = 'order_id' | 'subject' | 'message';
type Problems = Partial<Record<Field, string>>;

type CreateMessageModalProps = {
  opened: boolean;
  onClose: () => void;
  /** The order the thread is about: shown read-only and named in the default subject. */
  orderId: number | null;
  /** Admins may only open a thread about an order. */
  requireOrder: boolean;
  onCreated: (threadId: number) => void;
};

function check(subject: string, message: string, orderId: number | null, requireOrder: boolean): Problems {
  const problems: Problems = {};
  if (requireOrder && orderId === null) problems.order_id = inboxMessages.adminOrderRequired;
  if (!subject) problems.subject = messages.fieldRequired;
  else if (subject.length > SUBJECT_MAX) problems.subject = inboxMessages.subjectTooLong(SUBJECT_MAX);
  if (!message) problems.message = messages.fieldRequired;
  else if (message.length > MESSAGE_MAX) problems.message = inboxMessages.messageTooLong(formatCount(MESSAGE_MAX));
  return problems;
}

type CreateMessageFormProps = Omit<CreateMessageModalProps, 'opened'> & { markDirty: (dirty: boolean) => void };

function CreateMessageForm({ orderId, requireOrder, onClose, onCreated, markDirty }: CreateMessageFormProps) {
  // Refusals show under their fields (the form reports the rest): no central toast.
  const create = useCreateThread({ meta: { errorToast: false } });
  const form = useForm({
    initialValues: { subject: orderId === null ? '' : t.orderLink(orderId), message: '' },
    validate: (values) => check(values.subject.trim(), values.message.trim(), orderId, requireOrder),
    enhanceGetInputProps: ariaInvalid,
  });
  // A message or a changed subject is asked about before the dialog closes.
  useUnsavedText(markDirty, hasText(form.values.message) || form.isDirty('subject'));
  const formRef = useRef<HTMLFormElement>(null);
  const subjectField = useRef<HTMLInputElement>(null);
  const messageField = useRef<HTMLTextAreaElement>(null);
  // Without an order on screen there is no field to put its problem under.
  const shownFields: Field[] = orderId !== null || requireOrder ? ['subject', 'message', 'order_id'] : ['subject', 'message'];

  const focusFirst = (found: Problems) => {
    if (found.subject) subjectField.current?.focus();
    else if (found.message) messageField.current?.focus();
  };

  const submit = (values: typeof form.values) => {
    if (create.isPending) return;
    const body = { subject: values.subject.trim(), message: values.message.trim() };
    create.mutate(orderId === null ? body : { ...body, order_id: orderId }, {
      onSuccess: (res) => {
        notify.success(res.message || inboxMessages.threadCreated);
        onCreated(res.id);
      },
      onError: (error) => {
        const shown = formFieldErrors(error, shownFields);
        form.setErrors(shown);
        focusFirst(shown);
      },
    });
  };

  return (
    <form ref={formRef} onSubmit={form.onSubmit(submit, focusFirst)} noValidate>
      <Stack gap="md">
        {(orderId !== null || form.errors.order_id) && (
          <TextInput
            label={t.orderLabel}
            value={orderId === null ? '' : t.orderLink(orderId)}
            readOnly
            error={form.errors.order_id}
            aria-invalid={form.errors.order_id ? true : undefined}
            variant="filled"
          />
        )}
        <div>
          <TextInput
            ref={subjectField}
            label={t.subjectLabel}
            placeholder={t.subjectPlaceholder}
            {...form.getInputProps('subject')}
            required
            maxLength={SUBJECT_MAX}
            data-autofocus={orderId === null || undefined}
          />
          <Group justify="flex-end" mt={4}>
            <CharacterCount used={form.values.subject.length} max={SUBJECT_MAX} />
          </Group>
        </div>
        <div>
          <Textarea
            ref={messageField}
            label={t.messageLabel}
            description={t.sendShortcut}
            placeholder={t.messagePlaceholder}
            {...form.getInputProps('message')}
            onKeyDown={getHotkeyHandler([['mod+Enter', () => formRef.current?.requestSubmit()]])}
            required
            rows={6}
            resize="vertical"
            maxLength={MESSAGE_MAX}
            data-autofocus={orderId !== null || undefined}
          />
          <Group justify="flex-end" mt={4}>
            <CharacterCount used={form.values.message.length} max={MESSAGE_MAX} />
          </Group>
        </div>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={create.isPending}>
            {t.cancel}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t.send}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** 'Create a Message': subject and message to the support team, optionally about one order. */
export function CreateMessageModal({ opened, onClose, ...rest }: CreateMessageModalProps) {
  const fullScreen = useMediaQuery('(max-width: 36em)');
  const unsaved = useUnsavedClose(onClose);
  return (
    <>
      <Modal
        opened={opened}
        onClose={unsaved.requestClose}
        title={
          <Text component="span" fw={700} fz="lg">
            {inboxMessages.createTitle}
          </Text>
        }
        size="lg"
        centered
        fullScreen={fullScreen}
        closeButtonProps={{ 'aria-label': t.closeCreate }}
      >
        {/* Mounted only while open, so every opening starts from a fresh form. */}
        {opened && <CreateMessageForm onClose={onClose} markDirty={unsaved.markDirty} {...rest} />}
      </Modal>
      {unsaved.prompt}
    </>
  );
}
