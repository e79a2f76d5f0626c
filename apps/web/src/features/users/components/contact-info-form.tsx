import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { contactInfoFieldsSchema, messages, TEXT_MAX, ZIP_MAX, type ContactInfoInput, type User } from '@copydesk/shared';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useFormFields } from '@/lib/use-form-fields';
import { PhoneField, type Country } from '@/components/ui/phone-field';
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

type Field = keyof ContactInfoInput;

const e164 = (value: string | null) => (value && value.startsWith('+') ? value : undefined);

type ContactInfoFormProps = {
  user: User;
  /** The country → state → city pickers (the geo feature), composed in by the screen. */
  renderLocation: (props: LocationSlotProps) => ReactNode;
};

/** My Account → Contact Information: the profile fields the spec requires for a save. */
export function ContactInfoForm({ user, renderLocation }: ContactInfoFormProps) {
  const update = useUpdateInfo();
  const {
    values,
    setValues,
    problems: invalid,
    setProblems: setInvalid,
    clear,
    text,
  } = useFormFields<Record<'name' | 'company_name' | 'role_designation' | 'address' | 'zipCode', string>, Field>({
    name: user.name ?? '',
    company_name: user.company_name ?? '',
    role_designation: user.role_designation ?? '',
    address: user.address ?? '',
    zipCode: user.zipCode ?? '',
  });
  const [phone, setPhone] = useState<string | undefined>(e164(user.phoneNumber));
  const [country, setCountry] = useState<Country | undefined>((user.countryCode as Country | null) ?? 'US');
  const [location, setLocation] = useState<Location>({
    country_id: user.country_id ? String(user.country_id) : null,
    country: user.country,
    state_id: user.state_id ? String(user.state_id) : null,
    state: user.state,
    city: user.city,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    const body: ContactInfoInput = {
      name: values.name.trim(),
      phoneNumber: phone ?? null,
      countryCode: country ?? null,
      company_name: values.company_name.trim(),
      role_designation: values.role_designation.trim(),
      address: values.address.trim() || null,
      city: location.city,
      state: location.state,
      state_id: location.state_id,
      country: location.country,
      country_id: location.country_id,
      zipCode: values.zipCode.trim(),
    };
    const parsed = contactInfoFieldsSchema.safeParse(body);
    if (!parsed.success) {
      setInvalid(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), true])));
      notify.info(parsed.error.issues[0].message);
      return;
    }
    setInvalid({});
    update.mutate(body, {
      onSuccess: (res) => notify.success(res?.message || messages.profileUpdated),
      onError: (error) => {
        if (!(error instanceof ApiError)) return notify.error(messages.serverError);
        const fields = error.fieldErrors();
        setInvalid(Object.fromEntries(Object.keys(fields).map((key) => [key, true])));
        notify.errorList(Object.keys(fields).length ? Object.values(fields) : [error.message]);
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <TextInput label="Full Name" required autoComplete="name" maxLength={TEXT_MAX} {...text('name')} />
          <PhoneField
            label="Phone Number"
            required
            value={phone}
            onChange={(value) => {
              setPhone(value);
              clear('phoneNumber');
            }}
            country={country}
            onCountryChange={setCountry}
            error={invalid.phoneNumber}
          />
          <TextInput label="Company Name" required autoComplete="organization" maxLength={TEXT_MAX} {...text('company_name')} />
          <TextInput label="Role / Designation" required autoComplete="organization-title" maxLength={TEXT_MAX} {...text('role_designation')} />
        </SimpleGrid>
        <TextInput label="Address" autoComplete="street-address" maxLength={TEXT_MAX} {...text('address')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          {renderLocation({
            value: location,
            onChange: (next) => {
              setLocation(next);
              clear('country', 'state', 'city');
            },
            invalid: { country: Boolean(invalid.country), state: Boolean(invalid.state), city: Boolean(invalid.city) },
            required: true,
          })}
          <TextInput
            label="Zip Code"
            required
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={ZIP_MAX}
            value={values.zipCode}
            error={invalid.zipCode}
            onChange={(e) => {
              const zip = e.currentTarget.value.replace(/\D/g, '').slice(0, ZIP_MAX);
              setValues((v) => ({ ...v, zipCode: zip }));
              clear('zipCode');
            }}
          />
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
