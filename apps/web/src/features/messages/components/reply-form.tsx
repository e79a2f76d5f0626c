import { useRef } from 'react';
import { Button, Group, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { getHotkeyHandler } from '@mantine/hooks';
import { IconSend } from '@tabler/icons-react';
import { inboxMessages, inboxScreenMessages as t, messages } from '@copydesk/shared';
import { ariaInvalid } from '@/lib/form';
import { notify } from '@/lib/notify';
import { formFieldErrors } from '@/lib/server-errors';
import { useReplyToThread } from '../api/reply-to-thread';
import { MESSAGE_MAX } from '../api/types';
import { formatCount } from '../lib/format';
import { CharacterCount } from './character-count';

/** The reply box under a thread; Ctrl/⌘+Enter sends, like the button. `onSent` gets the new message's id. */
export function ReplyForm({ threadId, onSent }: { threadId: number; onSent?: (messageId: number) => void }) {
  // A refused reply shows under the box (the form reports anything else): no central toast.
  const reply = useReplyToThread({ meta: { errorToast: false } });
  const form = useForm({
    initialValues: { message: '' },
    validate: {
      message: (value) => {
        const message = value.trim();
        return !message ? messages.fieldRequired : message.length > MESSAGE_MAX ? inboxMessages.messageTooLong(formatCount(MESSAGE_MAX)) : null;
      },
    },
    enhanceGetInputProps: ariaInvalid,
  });
  const field = useRef<HTMLTextAreaElement>(null);
  const text = form.values.message;

  const send = form.onSubmit(
    ({ message }) => {
      if (reply.isPending) return;
      reply.mutate(
        { threadId, message: message.trim() },
        {
          onSuccess: (res) => {
            form.reset();
            notify.success(res.message || inboxMessages.replySent);
            onSent?.(res.id);
          },
          onError: (error) => {
            const errors = formFieldErrors(error, ['message']);
            form.setErrors(errors);
            if (errors.message) field.current?.focus();
          },
        },
      );
    },
    () => field.current?.focus(),
  );

  return (
    <form onSubmit={send} noValidate>
      <Stack gap={6}>
        <Textarea
          ref={field}
          label={t.replyLabel}
          description={t.sendShortcut}
          placeholder={t.replyPlaceholder}
          {...form.getInputProps('message')}
          onKeyDown={getHotkeyHandler([['mod+Enter', () => send()]])}
          rows={3}
          resize="vertical"
          maxLength={MESSAGE_MAX}
        />
        <Group justify="space-between" gap="sm" wrap="nowrap">
          <CharacterCount used={text.length} max={MESSAGE_MAX} />
          <Button type="submit" loading={reply.isPending} leftSection={<IconSend size={16} aria-hidden />}>
            {t.sendReply}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
