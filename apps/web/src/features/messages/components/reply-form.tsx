import { useRef, useState, type FormEvent } from 'react';
import { Button, Group, Stack, Textarea } from '@mantine/core';
import { getHotkeyHandler } from '@mantine/hooks';
import { IconSend } from '@tabler/icons-react';
import { inboxMessages, inboxScreenMessages as t, messages } from '@copydesk/shared';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useReplyToThread } from '../api/reply-to-thread';
import { MESSAGE_MAX } from '../api/types';
import { formatCount } from '../lib/format';
import { CharacterCount } from './character-count';

/** The reply box under a thread; Ctrl/⌘+Enter sends, like the button. */
export function ReplyForm({ threadId }: { threadId: number }) {
  const reply = useReplyToThread();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);

  const send = (event?: FormEvent) => {
    event?.preventDefault();
    if (reply.isPending) return;
    const message = text.trim();
    const invalid = !message ? messages.fieldRequired : message.length > MESSAGE_MAX ? inboxMessages.messageTooLong(formatCount(MESSAGE_MAX)) : null;
    if (invalid) {
      setProblem(invalid);
      field.current?.focus();
      return;
    }
    reply.mutate(
      { threadId, message },
      {
        onSuccess: (res) => {
          setText('');
          setProblem(null);
          notify.success(res.message || inboxMessages.replySent);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 422 && error.fieldErrors().message) {
            setProblem(error.fieldErrors().message);
            field.current?.focus();
            return;
          }
          notify.errorList(error instanceof ApiError ? error.allMessages : [messages.serverError]);
        },
      },
    );
  };

  return (
    <form onSubmit={send} noValidate>
      <Stack gap={6}>
        <Textarea
          ref={field}
          label={t.replyLabel}
          description={t.sendShortcut}
          placeholder={t.replyPlaceholder}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setProblem(null);
          }}
          onKeyDown={getHotkeyHandler([['mod+Enter', () => send()]])}
          error={problem}
          aria-invalid={problem ? true : undefined}
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
