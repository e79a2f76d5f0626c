import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { messages, passwordTokenSchema } from '@copydesk/shared';
import { ApiError } from '@/lib/api-client';
import { ariaInvalid, onFields, refuseOnFields, schemaErrors } from '@/lib/form';
import { notify } from '@/lib/notify';
import { FullPageLoader } from '@/components/ui/full-page-loader';
import { useResetPassword } from '../api/reset-password';
import { useSetPassword } from '../api/set-password';

/** Only same-site paths: a crafted link must not send a user to another site after the reset. */
export function safeRedirect(value: string | null): string {
  return value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : '/login';
}

type PasswordTokenFormProps = {
  mode: 'reset' | 'set';
  token: string;
  email: string;
  redirect: string | null;
};

/** Reset Password (/password/reset/{token}) and Set Password (/setpassword/{token}). */
export function PasswordTokenForm({ mode, token, email, redirect }: PasswordTokenFormProps) {
  const navigate = useNavigate();
  const reset = useResetPassword();
  const set = useSetPassword();
  const mutation = mode === 'reset' ? reset : set;
  const form = useForm({
    initialValues: { password: '', password_confirmation: '' },
    // The email and token come from the link: only the two password fields can be marked.
    validate: (values) => schemaErrors(passwordTokenSchema, { email, token, ...values }),
    enhanceGetInputProps: ariaInvalid,
  });
  const formRef = useRef<HTMLFormElement>(null);
  const refuse = (errors: typeof form.errors) => refuseOnFields(form, errors, () => formRef.current);

  const submit = (values: typeof form.values) => {
    if (mutation.isPending) return;
    mutation.mutate(
      { email, token, ...values },
      {
        onSuccess: () => {
          notify.success(mode === 'reset' ? messages.passwordChanged : messages.passwordSaved);
          navigate(safeRedirect(redirect), { replace: true });
        },
        // Every server message is the central toast (each entry shown); the fields it names also show theirs.
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          const { password, password_confirmation } = error.fieldErrors();
          const shown = onFields({ ...(password && { password }), ...(password_confirmation && { password_confirmation }) });
          if (Object.keys(shown).length) refuse(shown);
        },
      },
    );
  };

  return (
    <form ref={formRef} onSubmit={form.onSubmit(submit, refuse)} noValidate>
      <FullPageLoader visible={mutation.isPending} label="Saving your password" />
      <Stack gap="md">
        <PasswordInput
          label="Password"
          required
          autoComplete="new-password"
          data-autofocus
          visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Confirm Password"
          required
          autoComplete="new-password"
          visibilityToggleButtonProps={{ 'aria-label': 'Show or hide confirmation' }}
          {...form.getInputProps('password_confirmation')}
        />
        <Button type="submit" fullWidth loading={mutation.isPending}>
          {mode === 'reset' ? 'Reset Password' : 'Enter Password'}
        </Button>
      </Stack>
    </form>
  );
}
