import { useRef } from 'react';
import { Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/SimpleGrid.css';
import { useForm } from '@mantine/form';
import { addUserFieldsSchema, EMAIL_MAX, managementScreenMessages, messages, TEXT_MAX, userMessages, type AddUserInput } from '@copydesk/shared';
import { ApiError } from '@/lib/api-client';
import { ariaInvalid, refuseOnFields, schemaErrors } from '@/lib/form';
import { notify } from '@/lib/notify';
import { formFieldErrors } from '@/lib/server-errors';
import { PhoneField, type Country } from '@/components/ui/phone-field';
import { hasText, useUnsavedClose, useUnsavedText } from '@/components/ui/unsaved-close';
import { useAddUser } from '../api/add-user';

/** Who is being added: an admin adds agencies, an agency adds associates. */
export type AddUserKind = 'agency' | 'associate';

type Field = 'name' | 'email' | 'contact_number' | 'role_designation' | 'company_name';
/** Server and contract keys that belong to another visible field. */
const RENAME: Record<string, Field> = { countryCode: 'contact_number' };

type AddUserValues = Record<'name' | 'email' | 'role_designation' | 'company_name', string> & {
  contact_number: string | undefined;
  countryCode: Country | undefined;
};

type AddUserFormProps = {
  kind: AddUserKind;
  addedBy: number;
  add: ReturnType<typeof useAddUser>;
  onDone: () => void;
  markDirty: (dirty: boolean) => void;
};

function AddUserForm({ kind, addedBy, add, onDone, markDirty }: AddUserFormProps) {
  const withCompany = kind === 'agency';
  const visible: Field[] = ['name', 'email', 'contact_number', 'role_designation', ...(withCompany ? ['company_name' as const] : [])];
  // POST /register's `sign`: the country code only goes with a number.
  const toSign = (values: AddUserValues): AddUserInput => ({
    name: values.name.trim(),
    email: values.email.trim(),
    contact_number: values.contact_number ?? null,
    countryCode: values.contact_number ? (values.countryCode ?? null) : null,
    role_designation: values.role_designation.trim() || null,
    ...(withCompany ? { company_name: values.company_name.trim() || null } : {}),
    userId: addedBy,
  });
  const form = useForm<AddUserValues, AddUserInput>({
    initialValues: { name: '', email: '', contact_number: undefined, countryCode: 'US', role_designation: '', company_name: '' },
    transformValues: toSign,
    validate: (values) => schemaErrors(addUserFieldsSchema, toSign(values), RENAME),
    enhanceGetInputProps: ariaInvalid,
  });
  const formRef = useRef<HTMLFormElement>(null);
  // Anything typed is asked about before the dialog closes.
  useUnsavedText(markDirty, hasText(form.values.name, form.values.email, form.values.contact_number, form.values.role_designation, form.values.company_name));

  const submit = (sign: AddUserInput) => {
    if (add.isPending) return;
    add.mutate(sign, {
      onSuccess: (res) => {
        notify.success(res?.message || (withCompany ? userMessages.agencyAdded : userMessages.associateAdded));
        onDone();
      },
      // Field errors show under their fields; anything else (403, 5xx, a hidden field) is a toast.
      onError: (error) => {
        const errors = formFieldErrors(error, visible, { prefix: 'sign', rename: RENAME });
        if (error instanceof ApiError && error.code === 'user.email_taken' && errors.email) errors.email = messages.emailAlreadyRegistered;
        refuseOnFields(form, errors, () => formRef.current);
      },
    });
  };

  return (
    <form ref={formRef} onSubmit={form.onSubmit(submit, (errors) => refuseOnFields(form, errors, () => formRef.current))} noValidate>
      <Stack gap="md">
        <Text size="sm" c="gray.7">
          {withCompany ? managementScreenMessages.addAgencyHint : managementScreenMessages.addAssociateHint}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <TextInput label="Full Name" required autoComplete="off" maxLength={TEXT_MAX} data-autofocus {...form.getInputProps('name')} />
          <TextInput label="Email" type="email" required autoComplete="off" maxLength={EMAIL_MAX} {...form.getInputProps('email')} />
          <PhoneField
            label="Phone Number"
            {...form.getInputProps('contact_number')}
            value={form.values.contact_number}
            country={form.values.countryCode}
            onCountryChange={(country) => form.setFieldValue('countryCode', country)}
          />
          <TextInput label="Role / Designation" autoComplete="off" maxLength={TEXT_MAX} {...form.getInputProps('role_designation')} />
          {withCompany && <TextInput label="Company Name" autoComplete="off" maxLength={TEXT_MAX} {...form.getInputProps('company_name')} />}
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
  // Field errors show under the fields (the form reports the rest): no central toast.
  const add = useAddUser({ meta: { errorToast: false } });
  const unsaved = useUnsavedClose(onClose);
  return (
    <>
      <Modal
        opened={opened}
        onClose={() => !add.isPending && unsaved.requestClose()}
        centered
        size="lg"
        title={
          <Text component="span" fw={700} fz="lg">
            {kind === 'agency' ? userMessages.addAgency : userMessages.addAssociate}
          </Text>
        }
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {opened && <AddUserForm kind={kind} addedBy={addedBy} add={add} onDone={onClose} markDirty={unsaved.markDirty} />}
      </Modal>
      {unsaved.prompt}
    </>
  );
}
