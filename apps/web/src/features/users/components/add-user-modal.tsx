import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { addUserFieldsSchema, EMAIL_MAX, managementScreenMessages, messages, TEXT_MAX, userMessages, type AddUserInput } from '@copydesk/shared';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useFormFields } from '@/lib/use-form-fields';
import { PhoneField, type Country } from '@/components/ui/phone-field';
import { useAddUser } from '../api/add-user';

/** Who is being added: an admin adds agencies, an agency adds associates. */
export type AddUserKind = 'agency' | 'associate';

type Field = 'name' | 'email' | 'contact_number' | 'role_designation' | 'company_name';
/** Server keys that belong to a visible field. */
const serverField: Record<string, Field> = { countryCode: 'contact_number' };

const emptyFields = { name: '', email: '', role_designation: '', company_name: '' };

type AddUserFormProps = { kind: AddUserKind; addedBy: number; add: ReturnType<typeof useAddUser>; onDone: () => void };

function AddUserForm({ kind, addedBy, add, onDone }: AddUserFormProps) {
  const { values, problems, setProblems, clear, text } = useFormFields<typeof emptyFields, Field>(emptyFields);
  const [phone, setPhone] = useState<string | undefined>();
  const [country, setCountry] = useState<Country | undefined>('US');
  const withCompany = kind === 'agency';
  const visible = (key: string): key is Field =>
    ['name', 'email', 'contact_number', 'role_designation', ...(withCompany ? ['company_name'] : [])].includes(key);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (add.isPending) return;
    const sign: AddUserInput = {
      name: values.name.trim(),
      email: values.email.trim(),
      contact_number: phone ?? null,
      countryCode: phone ? (country ?? null) : null,
      role_designation: values.role_designation.trim() || null,
      ...(withCompany ? { company_name: values.company_name.trim() || null } : {}),
      userId: addedBy,
    };
    const parsed = addUserFieldsSchema.safeParse(sign);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0]);
        next[serverField[key] ?? (key as Field)] ??= issue.message;
      }
      setProblems(next);
      return;
    }
    setProblems({});
    add.mutate(sign, {
      onSuccess: (res) => {
        notify.success(res?.message || (withCompany ? userMessages.agencyAdded : userMessages.associateAdded));
        onDone();
      },
      onError: (error) => {
        if (!(error instanceof ApiError)) return notify.error(messages.serverError);
        const next: Partial<Record<Field, string>> = {};
        const others: string[] = [];
        for (const [key, message] of Object.entries(error.fieldErrors('sign'))) {
          const field = serverField[key] ?? key;
          const text = field === 'email' && message === messages.emailTaken ? messages.emailAlreadyRegistered : message;
          if (visible(field)) next[field] ??= text;
          else others.push(text);
        }
        setProblems(next);
        // Field errors show under their fields; anything else (403, 5xx, a hidden field) in a toast.
        if (others.length || !Object.keys(next).length) notify.errorList(others.length ? others : [error.message]);
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="gray.7">
          {withCompany ? managementScreenMessages.addAgencyHint : managementScreenMessages.addAssociateHint}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <TextInput label="Full Name" required autoComplete="off" maxLength={TEXT_MAX} data-autofocus {...text('name')} />
          <TextInput label="Email" type="email" required autoComplete="off" maxLength={EMAIL_MAX} {...text('email')} />
          <PhoneField
            label="Phone Number"
            value={phone}
            onChange={(value) => {
              setPhone(value);
              clear('contact_number');
            }}
            country={country}
            onCountryChange={setCountry}
            error={problems.contact_number}
          />
          <TextInput label="Role / Designation" autoComplete="off" maxLength={TEXT_MAX} {...text('role_designation')} />
          {withCompany && <TextInput label="Company Name" autoComplete="off" maxLength={TEXT_MAX} {...text('company_name')} />}
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={add.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={add.isPending}>
            {withCompany ? userMessages.addAgency : userMessages.addAssociate}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type AddUserModalProps = { opened: boolean; onClose: () => void; kind: AddUserKind; addedBy: number };

/** Add Agency (admin) or Add Associate (agency): the new user sets a password from an emailed link. */
export function AddUserModal({ opened, onClose, kind, addedBy }: AddUserModalProps) {
  const add = useAddUser();
  return (
    <Modal
      opened={opened}
      onClose={() => !add.isPending && onClose()}
      centered
      size="lg"
      title={
        <Text component="span" fw={700} fz="lg">
          {kind === 'agency' ? userMessages.addAgency : userMessages.addAssociate}
        </Text>
      }
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {opened && <AddUserForm kind={kind} addedBy={addedBy} add={add} onDone={onClose} />}
    </Modal>
  );
}
