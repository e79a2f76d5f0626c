import { useRef } from 'react';
import { Button, Checkbox, Group, Input, SimpleGrid, Stack, TextInput } from '@mantine/core';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/SimpleGrid.css';
import { useForm } from '@mantine/form';
import { createWebhookSchema, developersScreenMessages as m, WEBHOOK_EVENTS, WEBHOOK_URL_MAX } from '@copydesk/shared';
import { hasText, useUnsavedText } from '@/components/ui/unsaved-close';
import { ariaInvalid, refuseOnFields, schemaErrors } from '@/lib/form';
import { formFieldErrors } from '@/lib/server-errors';
import { useCreateWebhook } from '../api/webhooks';
import { SecretField } from './secret-field';
import { ShownOnceModal, type ShownOnceFormProps } from './shown-once-modal';

type Values = { url: string; all: boolean; events: string[] };

/** The server names an event's problem by its place in the list (`events.2`); the form shows it under the events. */
const RENAME: Record<string, 'events'> = Object.fromEntries(Array.from({ length: WEBHOOK_EVENTS.length + 1 }, (_, i) => [`events.${i}`, 'events']));

const EVENTS_ID = 'webhook-events';

const toPayload = (values: Values) => ({ url: values.url.trim(), events: values.all ? ['*'] : values.events });

type WebhookFormProps = ShownOnceFormProps<string> & { create: ReturnType<typeof useCreateWebhook> };

function WebhookForm({ create, onCreated, onCancel, markDirty }: WebhookFormProps) {
  const form = useForm<Values>({
    initialValues: { url: '', all: false, events: [] },
    validate: (values) => schemaErrors(createWebhookSchema, toPayload(values), RENAME),
    enhanceGetInputProps: ariaInvalid,
  });
  const formRef = useRef<HTMLFormElement>(null);
  useUnsavedText(markDirty, hasText(form.values.url));
  const eventsError = form.errors.events;

  const submit = (values: Values) => {
    if (create.isPending) return;
    create.mutate(toPayload(values), {
      onSuccess: (created) => onCreated(created.secret),
      // The address's refusal (not https, a private network) and the events' under their fields; anything else a toast.
      onError: (error) => refuseOnFields(form, formFieldErrors(error, ['url', 'events'], { rename: RENAME }), () => formRef.current),
    });
  };

  return (
    <form ref={formRef} onSubmit={form.onSubmit(submit, (errors) => refuseOnFields(form, errors, () => formRef.current))} noValidate>
      <Stack gap="md">
        <TextInput
          label={m.webhookUrl}
          description={m.webhookUrlHint}
          placeholder="https://example.com/webhooks/copydesk"
          type="url"
          required
          autoComplete="off"
          maxLength={WEBHOOK_URL_MAX}
          data-autofocus
          {...form.getInputProps('url')}
        />
        {/* A group named by its label, with the message under it; its checkboxes stand alone, as "All events" is no event of the list. */}
        <Input.Wrapper id={EVENTS_ID} label={m.events} required labelElement="div" error={eventsError}>
          <Stack gap="sm" mt="xs" role="group" aria-labelledby={`${EVENTS_ID}-label`} aria-describedby={eventsError ? `${EVENTS_ID}-error` : undefined}>
            <Checkbox
              label={m.allEvents}
              description={m.allEventsHint}
              checked={form.values.all}
              onChange={(event) => {
                form.setFieldValue('all', event.currentTarget.checked);
                form.clearFieldError('events');
              }}
              // The first invalid field takes focus (lib/focus-invalid.ts): for the events, this box.
              aria-invalid={eventsError ? true : undefined}
            />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing="sm">
              {WEBHOOK_EVENTS.map((event) => (
                <Checkbox
                  key={event}
                  label={event}
                  disabled={form.values.all}
                  checked={form.values.all || form.values.events.includes(event)}
                  onChange={(change) => {
                    const on = change.currentTarget.checked;
                    form.setFieldValue('events', on ? [...form.values.events, event] : form.values.events.filter((e) => e !== event));
                    form.clearFieldError('events');
                  }}
                />
              ))}
            </SimpleGrid>
          </Stack>
        </Input.Wrapper>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            {m.addWebhook}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type WebhookFormModalProps = { opened: boolean; onClose: () => void };

/** Add webhook: the address and its events, then the signing secret shown once with a copy button. */
export function WebhookFormModal({ opened, onClose }: WebhookFormModalProps) {
  const create = useCreateWebhook({ meta: { errorToast: false } });
  return (
    <ShownOnceModal<string>
      opened={opened}
      onClose={onClose}
      creating={create}
      titles={{ form: m.addWebhook, shown: m.webhookAddedTitle }}
      form={(props) => <WebhookForm create={create} {...props} />}
      shown={(secret, done) => (
        <Stack gap="md">
          <SecretField label={m.secretLabel} value={secret} warning={m.secretShownOnce} />
          <Group justify="flex-end">
            <Button onClick={done}>{m.done}</Button>
          </Group>
        </Stack>
      )}
    />
  );
}
