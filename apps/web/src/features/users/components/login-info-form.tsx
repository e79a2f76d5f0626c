import { useRef, type FormEvent } from 'react';
import { Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { changePasswordSchema, messages, securityMessages } from '@copydesk/shared';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useFormFields } from '@/lib/use-form-fields';
import { useUpdatePassword } from '../api/update-password';

type Field = 'current_password' | 'password' | 'password_confirmation';
const empty = { current_password: '', password: '', password_confirmation: '' };

/**
 * My Account → Login Information: email (read-only), the current password and a new one. The
 * current password is not required here: an account that signs in with Google only has none, and
 * the server, which knows, answers with a message under the field when it is missing or wrong.
 */
export function LoginInfoForm({ email }: { email: string }) {
  const update = useUpdatePassword();
  const currentInput = useRef<HTMLInputElement>(null);
  const { values, setValues, setProblems, text: field } = useFormFields<typeof empty, Field>(empty);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    const missing = { password: !values.password, password_confirmation: !values.password_confirmation };
    if (missing.password || missing.password_confirmation) {
      setProblems(missing);
      notify.info(messages.requiredFields);
      return;
    }
    const parsed = changePasswordSchema.safeParse(values);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setProblems({ [issue.path[0] as Field]: true });
      notify.info(issue.message);
      return;
    }
    setProblems({});
    update.mutate(values, {
      onSuccess: () => {
        notify.success(messages.passwordChanged);
        setValues(empty);
      },
      onError: (error) => {
        if (!(error instanceof ApiError)) return notify.error(messages.serverError);
        const fields = error.fieldErrors();
        // The current password's problem is shown under it; the new ones get a red border and a toast.
        setProblems({
          current_password: fields.current_password ?? false,
          password: Boolean(fields.password),
          password_confirmation: Boolean(fields.password_confirmation),
        });
        const others = Object.entries(fields)
          .filter(([key]) => key !== 'current_password')
          .map(([, message]) => message);
        if (others.length || !fields.current_password) notify.errorList(others.length ? others : [error.message]);
        if (fields.current_password) currentInput.current?.focus();
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={520}>
        <TextInput label="Email" value={email} readOnly variant="filled" />
        <PasswordInput
          label="Current Password"
          ref={currentInput}
          description={securityMessages.currentPasswordHint}
          autoComplete="current-password"
          visibilityToggleButtonProps={{ 'aria-label': 'Show or hide current password' }}
          {...field('current_password')}
        />
        <PasswordInput
          label="New Password"
          required
          autoComplete="new-password"
          visibilityToggleButtonProps={{ 'aria-label': 'Show or hide new password' }}
          {...field('password')}
        />
        <PasswordInput
          label="Confirm Password"
          required
          autoComplete="new-password"
          visibilityToggleButtonProps={{ 'aria-label': 'Show or hide confirmation' }}
          {...field('password_confirmation')}
        />
        <Group>
          <Button type="submit" loading={update.isPending}>
            Change Password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
