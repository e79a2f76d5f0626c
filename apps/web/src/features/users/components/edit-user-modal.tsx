import { Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/SimpleGrid.css';
import { useForm } from '@mantine/form';
import { editUserFieldsSchema, messages, TEXT_MAX, userMessages, type EditUserInput, type UserListRow } from '@copydesk/shared';
import { ariaInvalid, schemaErrors } from '@/lib/form';
import { notify } from '@/lib/notify';
import { formFieldErrors } from '@/lib/server-errors';
import { PhoneField, type Country } from '@/components/ui/phone-field';
import { useEditUser } from '../api/edit-user';

type Field = 'name' | 'phoneNumber' | 'company_name' | 'role_designation';
const FIELDS: readonly Field[] = ['name', 'phoneNumber', 'company_name', 'role_designation'];

const e164 = (value: string | null) => (value && value.startsWith('+') ? value : undefined);

type EditUserFormProps = { row: UserListRow; edit: ReturnType<typeof useEditUser>; onDone: () => void };

function EditUserForm({ row, edit, onDone }: EditUserFormProps) {
  const form = useForm({
    initialValues: {
      name: row.name,
      company_name: row.company_name ?? '',
      role_designation: row.role_designation ?? '',
      phoneNumber: e164(row.phoneNumber),
      countryCode: undefined as Country | undefined,
    },
    validate: (values) => {
      const errors = schemaErrors(editUserFieldsSchema, toSign(values));
      // The original portal's wording for a missing name, not the contract's generic one.
      if (errors.name) errors.name = userMessages.fullNameRequired;
      return errors;
    },
    enhanceGetInputProps: ariaInvalid,
  });
  // A stored number the phone box cannot show is left as it is unless the user types a new one.
  const phoneTouched = form.isTouched('phoneNumber');

  function toSign(values: typeof form.values): EditUserInput {
    return {
      userId: row.id,
      name: values.name.trim(),
      company_name: values.company_name.trim() || null,
      role_designation: values.role_designation.trim() || null,
      ...(form.isTouched('phoneNumber') ? { phoneNumber: values.phoneNumber ?? null } : {}),
    };
  }

  const submit = (values: typeof form.values) => {
    if (edit.isPending) return;
    edit.mutate(toSign(values), {
      onSuccess: (res) => {
        notify.success(res?.message || messages.profileUpdated);
        onDone();
      },
      // Field errors show under their fields; anything else is a toast.
      onError: (error) => form.setErrors(formFieldErrors(error, FIELDS, { prefix: 'sign' })),
    });
  };

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <Text size="sm" c="gray.7">
          {row.email}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <TextInput label="Full Name" required autoComplete="off" maxLength={TEXT_MAX} data-autofocus {...form.getInputProps('name')} />
          <PhoneField
            label="Phone Number"
            {...form.getInputProps('phoneNumber')}
            value={form.values.phoneNumber}
            country={form.values.countryCode}
            onCountryChange={(country) => form.setFieldValue('countryCode', country)}
            description={!phoneTouched && row.phoneNumber && !e164(row.phoneNumber) ? `Now: ${row.phoneNumber}` : undefined}
          />
          <TextInput label="Company Name" autoComplete="off" maxLength={TEXT_MAX} {...form.getInputProps('company_name')} />
          <TextInput label="Role / Designation" autoComplete="off" maxLength={TEXT_MAX} {...form.getInputProps('role_designation')} />
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={edit.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={edit.isPending}>
            Save Changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Edit a user's name, phone, company and role / designation (the name is required). */
export function EditUserModal({ row, onClose }: { row: UserListRow | null; onClose: () => void }) {
  // Field errors show under the fields (the form reports the rest): no central toast.
  const edit = useEditUser({ meta: { errorToast: false } });
  return (
    <Modal
      opened={row !== null}
      onClose={() => !edit.isPending && onClose()}
      centered
      size="lg"
      title={
        <Text component="span" fw={700} fz="lg">
          {row ? `Edit ${row.name}` : 'Edit user'}
        </Text>
      }
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {row && <EditUserForm key={row.id} row={row} edit={edit} onDone={onClose} />}
    </Modal>
  );
}
