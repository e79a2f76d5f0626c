import { useRef } from 'react';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { API_KEY_NAME_MAX, createApiKeySchema, developersScreenMessages as m, type CreatedApiKey } from '@copydesk/shared';
import { hasText, useUnsavedText } from '@/components/ui/unsaved-close';
import { ariaInvalid, refuseOnFields, schemaErrors } from '@/lib/form';
import { formFieldErrors } from '@/lib/server-errors';
import { useCreateApiKey } from '../api/api-keys';
import { curlExample } from '../lib/snippets';
import { CodeSnippet } from './code-snippet';
import { SecretField } from './secret-field';
import { ShownOnceModal, type ShownOnceFormProps } from './shown-once-modal';

type NameFormProps = ShownOnceFormProps<CreatedApiKey> & { create: ReturnType<typeof useCreateApiKey> };

function NameForm({ create, onCreated, onCancel, markDirty }: NameFormProps) {
  const form = useForm({
    initialValues: { name: '' },
    validate: (values) => schemaErrors(createApiKeySchema, values),
    enhanceGetInputProps: ariaInvalid,
  });
  const formRef = useRef<HTMLFormElement>(null);
  useUnsavedText(markDirty, hasText(form.values.name));

  const submit = ({ name }: { name: string }) => {
    if (create.isPending) return;
    create.mutate(name.trim(), {
      onSuccess: onCreated,
      // The name's refusal (empty, too long, the 20-key limit) under the field; anything else a toast.
      onError: (error) => refuseOnFields(form, formFieldErrors(error, ['name']), () => formRef.current),
    });
  };

  return (
    <form ref={formRef} onSubmit={form.onSubmit(submit, (errors) => refuseOnFields(form, errors, () => formRef.current))} noValidate>
      <Stack gap="md">
        <TextInput
          label={m.keyName}
          description={m.keyNameHint}
          required
          autoComplete="off"
          maxLength={API_KEY_NAME_MAX}
          data-autofocus
          {...form.getInputProps('name')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            {m.createKey}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The key, once: it is in the creation answer only, so it is gone when this closes. */
function NewKey({ created, origin, onDone }: { created: CreatedApiKey; origin: string; onDone: () => void }) {
  return (
    <Stack gap="md">
      <SecretField label={m.keyLabel} value={created.key} warning={m.keyShownOnce} />
      <CodeSnippet caption={m.tryKey} code={curlExample(origin, created.key)} what="curl example" />
      <Group justify="flex-end">
        <Button onClick={onDone}>{m.done}</Button>
      </Group>
    </Stack>
  );
}

type CreateKeyModalProps = { opened: boolean; onClose: () => void; origin: string };

/** Create API key: a name, then the key shown once with a copy button. */
export function CreateKeyModal({ opened, onClose, origin }: CreateKeyModalProps) {
  const create = useCreateApiKey({ meta: { errorToast: false } });
  return (
    <ShownOnceModal<CreatedApiKey>
      opened={opened}
      onClose={onClose}
      creating={create}
      titles={{ form: m.createKey, shown: m.keyCreatedTitle }}
      form={(props) => <NameForm create={create} {...props} />}
      shown={(created, done) => <NewKey created={created} origin={origin} onDone={done} />}
    />
  );
}
