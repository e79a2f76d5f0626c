import { useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Anchor, Button, Checkbox, Divider, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import '@mantine/core/styles/SimpleGrid.css';
import { useForm } from '@mantine/form';
import { messages, signUpFieldsSchema, TERMS_URL, UTM_KEYS, type SignUpInput } from '@copydesk/shared';
import { ApiError } from '@/lib/api-client';
import { setSendto } from '@/lib/auth';
import { ariaInvalid, onFields, refuseOnFields, schemaErrors } from '@/lib/form';
import { notify } from '@/lib/notify';
import { FullPageLoader } from '@/components/ui/full-page-loader';
import { PhoneField, type Country } from '@/components/ui/phone-field';
import { useRegister } from '../api/register';
import { GoogleButton } from './google-button';

/** Server and contract keys that belong to another visible field. */
const RENAME = { countryCode: 'contact_number' };

type SignUpValues = {
  name: string;
  company_name: string;
  role_designation: string;
  contact_number: string | undefined;
  countryCode: Country | undefined;
  email: string;
  password: string;
  confirmPassword: string;
  termsandcondition: boolean;
};

/** POST /register's `sign`, without the utm parameters. */
const toSignUp = (values: SignUpValues): SignUpInput => ({
  ...values,
  name: values.name.trim(),
  email: values.email.trim(),
  company_name: values.company_name.trim() || null,
  role_designation: values.role_designation.trim() || null,
  contact_number: values.contact_number ?? null,
  countryCode: values.countryCode ?? null,
});

/** Sign-up: the form, its rules in order and the server's errors (docs/decisions/0012-no-account-enumeration.md). */
export function SignupForm() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const register = useRegister();
  const form = useForm<SignUpValues>({
    initialValues: {
      name: '',
      company_name: '',
      role_designation: '',
      contact_number: undefined,
      countryCode: 'US',
      email: '',
      password: '',
      confirmPassword: '',
      termsandcondition: false,
    },
    // The shared contract applies the sign-up rules in the original portal's order; each field shows its first problem.
    validate: (values) => schemaErrors(signUpFieldsSchema, toSignUp(values), RENAME),
    enhanceGetInputProps: ariaInvalid,
  });
  const formRef = useRef<HTMLFormElement>(null);
  const refuse = (errors: typeof form.errors) => refuseOnFields(form, errors, () => formRef.current);

  const submit = (values: SignUpValues) => {
    if (register.isPending) return;
    const sign: SignUpInput = { ...toSignUp(values), utms: Object.fromEntries(UTM_KEYS.map((key) => [key, params.get(key) || null])) };
    register.mutate(sign, {
      onSuccess: () => {
        notify.success(messages.signedUp);
        setSendto(sign.email!);
        navigate('/email/verify');
      },
      // The failure's messages are the central toast; the first message per field also goes under
      // it, and the first such field takes focus. A taken address is not an error here: the server answers it as a
      // fresh sign-up and emails the owner (it must not tell a stranger which addresses have
      // accounts: docs/decisions/0012-no-account-enumeration.md).
      onError: (error) => {
        if (error instanceof ApiError) refuse(onFields(error.fieldErrors('sign'), RENAME));
      },
    });
  };

  return (
    <form ref={formRef} onSubmit={form.onSubmit(submit, refuse)} noValidate>
      <FullPageLoader visible={register.isPending} label="Creating your account" />
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
          <TextInput label="Full Name" required autoComplete="name" {...form.getInputProps('name')} />
          <TextInput label="Company Name" autoComplete="organization" {...form.getInputProps('company_name')} />
          <TextInput label="Role / Designation" autoComplete="organization-title" {...form.getInputProps('role_designation')} />
          <PhoneField
            label="Phone Number"
            required
            {...form.getInputProps('contact_number')}
            value={form.values.contact_number}
            country={form.values.countryCode}
            onCountryChange={(country) => form.setFieldValue('countryCode', country)}
          />
        </SimpleGrid>
        <TextInput label="Email" type="email" required autoComplete="email" {...form.getInputProps('email')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
          <PasswordInput
            label="Password"
            required
            autoComplete="new-password"
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label="Confirm Password"
            required
            autoComplete="new-password"
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide confirmation' }}
            {...form.getInputProps('confirmPassword')}
          />
        </SimpleGrid>
        <Checkbox
          {...form.getInputProps('termsandcondition', { type: 'checkbox' })}
          label={
            <>
              I agree to the{' '}
              <Anchor href={TERMS_URL} target="_blank" rel="noopener noreferrer" inherit>
                terms and conditions
              </Anchor>
            </>
          }
        />
        <Button type="submit" fullWidth loading={register.isPending}>
          Sign Up
        </Button>
        <Divider label="or" labelPosition="center" />
        <GoogleButton>Sign up with Google</GoogleButton>
        <Text ta="center" size="sm">
          Already have an account?{' '}
          <Anchor component={Link} to="/login">
            Sign in.
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
