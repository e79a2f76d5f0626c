import { useRef } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import '@mantine/core/styles/Modal.css';
import { Select } from '@/components/ui/select';
import { hasText, useUnsavedClose, useUnsavedText } from '@/components/ui/unsaved-close';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { contentMessages, REVISION_DETAIL_MAX, REVISION_REASONS } from '@copydesk/shared';
import { ApiError } from '@/lib/api-client';
import { ariaInvalid, refuseOnFields } from '@/lib/form';
import { notify } from '@/lib/notify';
import { formFieldErrors } from '@/lib/server-errors';
import { useRequestRevision } from '../api/request-revision';
import { revisionsLeftText } from '../lib/format';

type RevisionModalProps = {
  opened: boolean;
  onClose: () => void;
  contentId: number;
  /** The writer working on the item (the original portal's payload carries it; the server notifies the assignee). */
  linkagentId: number | null;
  revisionsLeft: number;
};

type RevisionFormProps = Omit<RevisionModalProps, 'opened'> & { markDirty: (dirty: boolean) => void };

function RevisionForm({ contentId, linkagentId, revisionsLeft, onClose, markDirty }: RevisionFormProps) {
  // The server's field errors show under the fields (formFieldErrors toasts the rest): no central toast.
  const request = useRequestRevision({ meta: { errorToast: false } });
  const form = useForm({
    initialValues: { reason: null as string | null, detailedReason: '' },
    // A missing reason or text says so under the field, and nothing is sent. Not
    // revisionRequestSchema: its per-field "required" is the server's answer.
    validate: {
      reason: (value) => !value && contentMessages.revisionFieldsMissing,
      detailedReason: (value) => !value.trim() && contentMessages.revisionFieldsMissing,
    },
    enhanceGetInputProps: ariaInvalid,
  });
  const formRef = useRef<HTMLFormElement>(null);
  const refuse = (errors: typeof form.errors) => refuseOnFields(form, errors, () => formRef.current);
  // A half-written request is asked about before the dialog closes.
  useUnsavedText(markDirty, hasText(form.values.detailedReason));

  const submit = ({ reason, detailedReason }: typeof form.values) => {
    if (request.isPending) return;
    request.mutate(
      { id: contentId, body: { reason: reason!, detailedReason: detailedReason.trim(), linkagent_id: linkagentId } },
      {
        onSuccess: (res) => {
          notify.success(res.message);
          onClose();
        },
        onError: (error) => {
          const errors = formFieldErrors(error, ['reason', 'detailedReason']);
          if (Object.keys(errors).length) return refuse(errors);
          // 409 (no revisions left, no longer in review): the screen refreshes and shows why.
          if (error instanceof ApiError) onClose();
        },
      },
    );
  };

  return (
    <form ref={formRef} onSubmit={form.onSubmit(submit, refuse)} noValidate>
      <Stack gap="md">
        <Text size="sm">Tell the writer what should change. You have {revisionsLeftText(revisionsLeft)} for this item.</Text>
        <Select
          label="Reason"
          placeholder="Choose a reason"
          data={REVISION_REASONS}
          {...form.getInputProps('reason')}
          withAsterisk
          allowDeselect={false}
          data-autofocus
          comboboxProps={{ withinPortal: true }}
        />
        <div>
          <Textarea
            label="What should change?"
            placeholder="Describe the changes you need, e.g. which paragraphs and why."
            {...form.getInputProps('detailedReason')}
            withAsterisk
            rows={6}
            resize="vertical"
            maxLength={REVISION_DETAIL_MAX}
          />
          <Text size="xs" c="gray.7" ta="right" mt={4} aria-live="polite">
            {form.values.detailedReason.length} / {REVISION_DETAIL_MAX} characters
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

/** Request Revision: a reason (Formatting, Grammar, Relevancy) and what should change. */
export function RevisionModal({ opened, onClose, ...rest }: RevisionModalProps) {
  const fullScreen = useMediaQuery('(max-width: 36em)');
  const unsaved = useUnsavedClose(onClose);
  return (
    <>
      <Modal
        opened={opened}
        onClose={unsaved.requestClose}
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
        {opened && <RevisionForm onClose={onClose} markDirty={unsaved.markDirty} {...rest} />}
      </Modal>
      {unsaved.prompt}
    </>
  );
}
