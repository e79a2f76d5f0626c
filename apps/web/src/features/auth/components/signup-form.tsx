import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Anchor, Button, Checkbox, Divider, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { messages, signUpFieldsSchema, TERMS_URL, UTM_KEYS, type SignUpInput } from '@copydesk/shared';
import { ApiError } from '@/lib/api-client';
import { setSendto } from '@/lib/auth';
import { notify } from '@/lib/notify';
import { useFormFields } from '@/lib/use-form-fields';
import { FullPageLoader } from '@/components/ui/full-page-loader';
import { PhoneField, type Country } from '@/components/ui/phone-field';
import { useRegister } from '../api/register';
import { GoogleButton } from './google-button';

type Field = 'name' | 'company_name' | 'role_designation' | 'contact_number' | 'email' | 'password' | 'confirmPassword' | 'termsandcondition';

/** A field's problem: `true` paints the border red, a string also explains it under the field. */
type Problems = Partial<Record<Field, boolean | string>>;

/** Server keys that belong to a visible field. */
const serverField: Record<string, Field> = { countryCode: 'contact_number' };

const emptySignUp = { name: '', company_name: '', role_designation: '', email: '', password: '', confirmPassword: '' };

/** Sign-up (access-and-billing §2 "Sign-up screen", §5 rules in order, §8 errors). */
export function SignupForm() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const register = useRegister();
  const { values, problems, setProblems, clear, text } = useFormFields<typeof emptySignUp, Field>(emptySignUp);
  const [phone, setPhone] = useState<string | undefined>();
  const [country, setCountry] = useState<Country | undefined>('US');
  const [terms, setTerms] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (register.isPending) return;
    const sign: SignUpInput = {
      name: values.name.trim(),
      email: values.email.trim(),
      company_name: values.company_name.trim() || null,
      role_designation: values.role_designation.trim() || null,
      contact_number: phone ?? null,
      countryCode: country ?? null,
      password: values.password,
      confirmPassword: values.confirmPassword,
      termsandcondition: terms,
      utms: Object.fromEntries(UTM_KEYS.map((key) => [key, params.get(key) || null])),
    };
    const parsed = signUpFieldsSchema.safeParse(sign);
    if (!parsed.success) {
      const next: Problems = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0]);
        next[(serverField[key] ?? key) as Field] = true;
      }
      setProblems(next);
      notify.info(parsed.error.issues[0].message);
      return;
    }
    setProblems({});
    register.mutate(sign, {
      onSuccess: () => {
        notify.success(messages.signedUp);
        setSendto(sign.email!);
        navigate('/email/verify');
      },
      onError: (error) => {
        if (!(error instanceof ApiError)) {
          notify.error(messages.serverError);
          return;
        }
        // A taken address is not an error here: the server answers it as a fresh sign-up and emails
        // the owner (it must not tell a stranger which addresses have accounts, issue 9 §4).
        const fields = error.fieldErrors('sign');
        const next: Problems = {};
        for (const [key, message] of Object.entries(fields)) next[(serverField[key] ?? key) as Field] = message;
        setProblems(next);
        notify.error(Object.values(fields)[0] ?? error.message);
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <FullPageLoader visible={register.isPending} label="Creating your account" />
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
          <TextInput label="Full Name" required autoComplete="name" {...text('name')} />
          <TextInput label="Company Name" autoComplete="organization" {...text('company_name')} />
          <TextInput label="Role / Designation" autoComplete="organization-title" {...text('role_designation')} />
          <PhoneField
            label="Phone Number"
            required
            value={phone}
            onChange={(value) => {
              setPhone(value);
              clear('contact_number');
            }}
            country={country}
            onCountryChange={setCountry}
            error={problems.contact_number}
          />
        </SimpleGrid>
        <TextInput label="Email" type="email" required autoComplete="email" {...text('email')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
          <PasswordInput
            label="Password"
            required
            autoComplete="new-password"
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
            {...text('password')}
          />
          <PasswordInput
            label="Confirm Password"
            required
            autoComplete="new-password"
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide confirmation' }}
            {...text('confirmPassword')}
          />
        </SimpleGrid>
        <Checkbox
          checked={terms}
          onChange={(e) => {
            setTerms(e.currentTarget.checked);
            clear('termsandcondition');
          }}
          error={problems.termsandcondition}
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
