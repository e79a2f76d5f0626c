import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { contentMessages, messages, REVISION_DETAIL_MAX, REVISION_REASONS } from '@copydesk/shared';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useRequestRevision } from '../api/request-revision';
import { revisionsLeftText } from '../lib/format';

type Field = 'reason' | 'detailedReason';

type RevisionModalProps = {
  opened: boolean;
  onClose: () => void;
  contentId: number;
  /** The writer working on the item (the spec's payload carries it; the server notifies the assignee). */
  linkagentId: number | null;
  revisionsLeft: number;
};

function RevisionForm({ contentId, linkagentId, revisionsLeft, onClose }: Omit<RevisionModalProps, 'opened'>) {
  const request = useRequestRevision();
  const [reason, setReason] = useState<string | null>(null);
  const [detail, setDetail] = useState('');
  const [problems, setProblems] = useState<Partial<Record<Field, boolean | string>>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (request.isPending) return;
    const missing = { reason: !reason, detailedReason: !detail.trim() };
    // Spec §5: a missing reason or text gets red borders and an info toast, and nothing is sent.
    if (missing.reason || missing.detailedReason) {
      setProblems(missing);
      notify.info(contentMessages.revisionFieldsMissing);
      return;
    }
    request.mutate(
      { id: contentId, body: { reason: reason!, detailedReason: detail.trim(), linkagent_id: linkagentId } },
      {
        onSuccess: (res) => {
          notify.success(res.message);
          onClose();
        },
        onError: (error) => {
          if (!(error instanceof ApiError)) return notify.error(messages.serverError);
          const fields = error.fieldErrors();
          if (error.status === 422 && (fields.reason || fields.detailedReason)) {
            setProblems({ reason: fields.reason ?? false, detailedReason: fields.detailedReason ?? false });
            return notify.errorList(error.allMessages);
          }
          // 409 (no revisions left, no longer in review): the screen refreshes and shows why.
          notify.error(error.message);
          onClose();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">Tell the writer what should change. You have {revisionsLeftText(revisionsLeft)} for this item.</Text>
        <Select
          label="Reason"
          placeholder="Choose a reason"
          data={REVISION_REASONS}
          value={reason}
          onChange={(value) => {
            setReason(value);
            setProblems((p) => ({ ...p, reason: false }));
          }}
          error={problems.reason}
          aria-invalid={problems.reason ? true : undefined}
          withAsterisk
          allowDeselect={false}
          data-autofocus
          comboboxProps={{ withinPortal: true }}
        />
        <div>
          <Textarea
            label="What should change?"
            placeholder="Describe the changes you need, e.g. which paragraphs and why."
            value={detail}
            onChange={(e) => {
              setDetail(e.currentTarget.value);
              setProblems((p) => ({ ...p, detailedReason: false }));
            }}
            error={problems.detailedReason}
            aria-invalid={problems.detailedReason ? true : undefined}
            withAsterisk
            rows={6}
            resize="vertical"
            maxLength={REVISION_DETAIL_MAX}
          />
          <Text size="xs" c="gray.7" ta="right" mt={4} aria-live="polite">
            {detail.length} / {REVISION_DETAIL_MAX} characters
          </Text>
        </div>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={request.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={request.isPending}>
            Send revision request
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Request Revision: a reason (Formatting, Grammar, Relevancy) and what should change (spec §2, §5). */
export function RevisionModal({ opened, onClose, ...rest }: RevisionModalProps) {
  const fullScreen = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        <Text component="span" fw={700} fz="lg">
          Request Revision
        </Text>
      }
      size="lg"
      centered
      fullScreen={fullScreen}
      closeButtonProps={{ 'aria-label': 'Close revision request' }}
    >
      {/* Mounted only while open, so every opening starts with an empty form. */}
      {opened && <RevisionForm onClose={onClose} {...rest} />}
    </Modal>
  );
}
