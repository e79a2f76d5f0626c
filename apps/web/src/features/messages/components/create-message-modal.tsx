import { useRef, useState, type FormEvent } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { getHotkeyHandler, useMediaQuery } from '@mantine/hooks';
import { inboxMessages, inboxScreenMessages as t, messages } from '@copydesk/shared';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
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

function CreateMessageForm({ orderId, requireOrder, onClose, onCreated }: Omit<CreateMessageModalProps, 'opened'>) {
  const create = useCreateThread();
  const [subject, setSubject] = useState(orderId === null ? '' : t.orderLink(orderId));
  const [message, setMessage] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const form = useRef<HTMLFormElement>(null);
  const subjectField = useRef<HTMLInputElement>(null);
  const messageField = useRef<HTMLTextAreaElement>(null);

  const focusFirst = (found: Problems) => {
    if (found.subject) subjectField.current?.focus();
    else if (found.message) messageField.current?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const body = { subject: subject.trim(), message: message.trim() };
    const found = check(body.subject, body.message, orderId, requireOrder);
    if (Object.keys(found).length) {
      setProblems(found);
      focusFirst(found);
      return;
    }
    create.mutate(orderId === null ? body : { ...body, order_id: orderId }, {
      onSuccess: (res) => {
        notify.success(res.message || inboxMessages.threadCreated);
        onCreated(res.id);
      },
      onError: (error) => {
        if (!(error instanceof ApiError)) return notify.error(messages.serverError);
        const fields = error.fieldErrors();
        const shown: Problems = {
          subject: fields.subject,
          message: fields.message,
          // Without an order on screen there is no field to put its problem under.
          order_id: orderId !== null || requireOrder ? fields.order_id : undefined,
        };
        if (error.status === 422 && Object.values(shown).some(Boolean)) {
          setProblems(shown);
          focusFirst(shown);
          if (fields.order_id && !shown.order_id) notify.error(fields.order_id);
          return;
        }
        notify.errorList(error.allMessages);
      },
    });
  };

  const clear = (name: Field) => setProblems((p) => (p[name] ? { ...p, [name]: undefined } : p));

  return (
    <form ref={form} onSubmit={submit} noValidate>
      <Stack gap="md">
        {(orderId !== null || problems.order_id) && (
          <TextInput
            label={t.orderLabel}
            value={orderId === null ? '' : t.orderLink(orderId)}
            readOnly
            error={problems.order_id}
            aria-invalid={problems.order_id ? true : undefined}
            variant="filled"
          />
        )}
        <div>
          <TextInput
            ref={subjectField}
            label={t.subjectLabel}
            placeholder={t.subjectPlaceholder}
            value={subject}
            onChange={(e) => {
              setSubject(e.currentTarget.value);
              clear('subject');
            }}
            error={problems.subject}
            aria-invalid={problems.subject ? true : undefined}
            required
            maxLength={SUBJECT_MAX}
            data-autofocus={orderId === null || undefined}
          />
          <Group justify="flex-end" mt={4}>
            <CharacterCount used={subject.length} max={SUBJECT_MAX} />
          </Group>
        </div>
        <div>
          <Textarea
            ref={messageField}
            label={t.messageLabel}
            description={t.sendShortcut}
            placeholder={t.messagePlaceholder}
            value={message}
            onChange={(e) => {
              setMessage(e.currentTarget.value);
              clear('message');
            }}
            onKeyDown={getHotkeyHandler([['mod+Enter', () => form.current?.requestSubmit()]])}
            error={problems.message}
            aria-invalid={problems.message ? true : undefined}
            required
            rows={6}
            resize="vertical"
            maxLength={MESSAGE_MAX}
            data-autofocus={orderId !== null || undefined}
          />
          <Group justify="flex-end" mt={4}>
            <CharacterCount used={message.length} max={MESSAGE_MAX} />
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
  return (
    <Modal
      opened={opened}
      onClose={onClose}
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
      {opened && <CreateMessageForm onClose={onClose} {...rest} />}
    </Modal>
  );
}
