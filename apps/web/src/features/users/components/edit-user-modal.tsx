import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { editUserFieldsSchema, messages, TEXT_MAX, userMessages, type EditUserInput, type UserListRow } from '@copydesk/shared';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useFormFields } from '@/lib/use-form-fields';
import { PhoneField, type Country } from '@/components/ui/phone-field';
import { useEditUser } from '../api/edit-user';

type Field = 'name' | 'phoneNumber' | 'company_name' | 'role_designation';
const FIELDS: readonly string[] = ['name', 'phoneNumber', 'company_name', 'role_designation'];

const e164 = (value: string | null) => (value && value.startsWith('+') ? value : undefined);

type EditUserFormProps = { row: UserListRow; edit: ReturnType<typeof useEditUser>; onDone: () => void };

function EditUserForm({ row, edit, onDone }: EditUserFormProps) {
  const { values, problems, setProblems, clear, text } = useFormFields<Record<'name' | 'company_name' | 'role_designation', string>, Field>({
    name: row.name,
    company_name: row.company_name ?? '',
    role_designation: row.role_designation ?? '',
  });
  const [phone, setPhone] = useState<string | undefined>(e164(row.phoneNumber));
  const [country, setCountry] = useState<Country | undefined>();
  // A stored number the phone box cannot show is left as it is unless the user types a new one.
  const [phoneTouched, setPhoneTouched] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (edit.isPending) return;
    const sign: EditUserInput = {
      userId: row.id,
      name: values.name.trim(),
      company_name: values.company_name.trim() || null,
      role_designation: values.role_designation.trim() || null,
      ...(phoneTouched ? { phoneNumber: phone ?? null } : {}),
    };
    const parsed = editUserFieldsSchema.safeParse(sign);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0]) as Field;
        next[key] ??= key === 'name' ? userMessages.fullNameRequired : issue.message;
      }
      setProblems(next);
      return;
    }
    setProblems({});
    edit.mutate(sign, {
      onSuccess: (res) => {
        notify.success(res?.message || messages.profileUpdated);
        onDone();
      },
      onError: (error) => {
        if (!(error instanceof ApiError)) return notify.error(messages.serverError);
        const fields = error.fieldErrors('sign');
        const shown = Object.entries(fields).filter(([key]) => FIELDS.includes(key));
        setProblems(Object.fromEntries(shown));
        const others = Object.entries(fields)
          .filter(([key]) => !FIELDS.includes(key))
          .map(([, message]) => message);
        if (others.length || !shown.length) notify.errorList(others.length ? others : [error.message]);
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="gray.7">
          {row.email}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <TextInput label="Full Name" required autoComplete="off" maxLength={TEXT_MAX} data-autofocus {...text('name')} />
          <PhoneField
            label="Phone Number"
            value={phone}
            onChange={(value) => {
              setPhone(value);
              setPhoneTouched(true);
              clear('phoneNumber');
            }}
            country={country}
            onCountryChange={setCountry}
            error={problems.phoneNumber}
            description={!phoneTouched && row.phoneNumber && !e164(row.phoneNumber) ? `Now: ${row.phoneNumber}` : undefined}
          />
          <TextInput label="Company Name" autoComplete="off" maxLength={TEXT_MAX} {...text('company_name')} />
          <TextInput label="Role / Designation" autoComplete="off" maxLength={TEXT_MAX} {...text('role_designation')} />
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

/** Edit a user's name, phone, company and role / designation (access-and-billing §5: the name is required). */
export function EditUserModal({ row, onClose }: { row: UserListRow | null; onClose: () => void }) {
  const edit = useEditUser();
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
