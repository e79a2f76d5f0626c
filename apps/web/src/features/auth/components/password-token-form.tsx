import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button, PasswordInput, Stack } from '@mantine/core';
import { messages, passwordTokenSchema, type PasswordTokenInput } from '@copydesk/shared';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useFormFields } from '@/lib/use-form-fields';
import { FullPageLoader } from '@/components/ui/full-page-loader';
import { useResetPassword } from '../api/reset-password';
import { useSetPassword } from '../api/set-password';

type Field = 'password' | 'password_confirmation';

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
  const { values, setProblems: setInvalid, text: field } = useFormFields({ password: '', password_confirmation: '' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const body: PasswordTokenInput = { email, token, ...values };
    const parsed = passwordTokenSchema.safeParse(body);
    if (!parsed.success) {
      const next: Partial<Record<Field, boolean>> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0]);
        if (key === 'password' || key === 'password_confirmation') next[key] = true;
      }
      setInvalid(next);
      notify.info(parsed.error.issues[0].message);
      return;
    }
    mutation.mutate(body, {
      onSuccess: () => {
        notify.success(mode === 'reset' ? messages.passwordChanged : messages.passwordSaved);
        navigate(safeRedirect(redirect), { replace: true });
      },
      onError: (error) => {
        if (!(error instanceof ApiError)) {
          notify.error(messages.serverError);
          return;
        }
        const fields = error.fieldErrors();
        setInvalid({ password: Boolean(fields.password), password_confirmation: Boolean(fields.password_confirmation) });
        notify.errorList(error.allMessages);
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <FullPageLoader visible={mutation.isPending} label="Saving your password" />
      <Stack gap="md">
        <PasswordInput
          label="Password"
          required
          autoComplete="new-password"
          data-autofocus
          visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
          {...field('password')}
        />
        <PasswordInput
          label="Confirm Password"
          required
          autoComplete="new-password"
          visibilityToggleButtonProps={{ 'aria-label': 'Show or hide confirmation' }}
          {...field('password_confirmation')}
        />
        <Button type="submit" fullWidth loading={mutation.isPending}>
          {mode === 'reset' ? 'Reset Password' : 'Enter Password'}
        </Button>
      </Stack>
    </form>
  );
}
