import { useRef, type ReactNode } from 'react';
import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import '@mantine/core/styles/SimpleGrid.css';
import { useForm } from '@mantine/form';
import { messages, TEXT_MAX, updateInfoSchema, type ContactInfoInput, type User } from '@copydesk/shared';
import { ApiError } from '@/lib/api-client';
import { ariaInvalid, refuseOnFields, schemaErrors } from '@/lib/form';
import { notify } from '@/lib/notify';
import { PhoneField, type Country } from '@/components/ui/phone-field';
import { ZipCodeInput } from '@/components/ui/zip-code-input';
import { useUpdateInfo } from '../api/update-info';

type Location = {
  country_id: string | null;
  country: string | null;
  state_id: string | null;
  state: string | null;
  city: string | null;
};

export type LocationSlotProps = {
  value: Location;
  onChange: (value: Location) => void;
  invalid: Partial<Record<'country' | 'state' | 'city', boolean>>;
  required: boolean;
};

const e164 = (value: string | null) => (value && value.startsWith('+') ? value : undefined);

type ContactInfoFormProps = {
  user: User;
  /** The country → state → city pickers (the geo feature), composed in by the screen. */
  renderLocation: (props: LocationSlotProps) => ReactNode;
};

type ContactInfoValues = Location &
  Record<'name' | 'company_name' | 'role_designation' | 'address' | 'zipCode', string> & {
    phoneNumber: string | undefined;
    countryCode: Country | undefined;
  };

/** The body of POST /update/updateUserInfo for the signed-in user. */
const toContactInfo = (values: ContactInfoValues): ContactInfoInput => ({
  ...values,
  name: values.name.trim(),
  phoneNumber: values.phoneNumber ?? null,
  countryCode: values.countryCode ?? null,
  company_name: values.company_name.trim(),
  role_designation: values.role_designation.trim(),
  address: values.address.trim() || null,
  zipCode: values.zipCode.trim(),
});

/** My Account → Contact Information: the profile fields a save requires. */
export function ContactInfoForm({ user, renderLocation }: ContactInfoFormProps) {
  const update = useUpdateInfo();
  const form = useForm<ContactInfoValues, ContactInfoInput>({
    initialValues: {
      name: user.name ?? '',
      phoneNumber: e164(user.phoneNumber),
      countryCode: (user.countryCode as Country | null) ?? 'US',
      company_name: user.company_name ?? '',
      role_designation: user.role_designation ?? '',
      address: user.address ?? '',
      country_id: user.country_id ? String(user.country_id) : null,
      country: user.country,
      state_id: user.state_id ? String(user.state_id) : null,
      state: user.state,
      city: user.city,
      zipCode: user.zipCode ?? '',
    },
    transformValues: toContactInfo,
    // The route's own contract: the zip code and phone rules included, as the server applies them.
    validate: (values) => schemaErrors(updateInfoSchema, toContactInfo(values)),
    enhanceGetInputProps: ariaInvalid,
  });
  const { country_id, country, state_id, state, city } = form.values;
  const formRef = useRef<HTMLFormElement>(null);

  const submit = (body: ContactInfoInput) => {
    if (update.isPending) return;
    update.mutate(body, {
      onSuccess: (res) => notify.success(res?.message || messages.profileUpdated),
      // The messages are the central toast (profile errors are toasts); the fields they name turn red.
      onError: (error) => {
        if (error instanceof ApiError) form.setErrors(Object.fromEntries(Object.keys(error.fieldErrors()).map((key) => [key, true])));
      },
    });
  };

  return (
    <form ref={formRef} onSubmit={form.onSubmit(submit, (errors) => refuseOnFields(form, errors, () => formRef.current))} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <TextInput label="Full Name" required autoComplete="name" maxLength={TEXT_MAX} {...form.getInputProps('name')} />
          <PhoneField
            label="Phone Number"
            required
            {...form.getInputProps('phoneNumber')}
            value={form.values.phoneNumber}
            country={form.values.countryCode}
            onCountryChange={(code) => form.setFieldValue('countryCode', code)}
          />
          <TextInput label="Company Name" required autoComplete="organization" maxLength={TEXT_MAX} {...form.getInputProps('company_name')} />
          <TextInput label="Role / Designation" required autoComplete="organization-title" maxLength={TEXT_MAX} {...form.getInputProps('role_designation')} />
        </SimpleGrid>
        <TextInput label="Address" autoComplete="street-address" maxLength={TEXT_MAX} {...form.getInputProps('address')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          {renderLocation({
            value: { country_id, country, state_id, state, city },
            onChange: (next) => {
              form.setValues(next);
              for (const field of ['country', 'state', 'city'] as const) form.clearFieldError(field);
            },
            invalid: { country: Boolean(form.errors.country), state: Boolean(form.errors.state), city: Boolean(form.errors.city) },
            required: true,
          })}
          <ZipCodeInput required {...form.getInputProps('zipCode')} value={form.values.zipCode} />
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={update.isPending}>
            Save Changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
