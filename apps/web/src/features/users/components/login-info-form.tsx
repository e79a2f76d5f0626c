import type { FormEvent } from 'react';
import { Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { changePasswordSchema, messages } from '@copydesk/shared';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useFormFields } from '@/lib/use-form-fields';
import { useUpdatePassword } from '../api/update-password';

type Field = 'password' | 'password_confirmation';

/** My Account → Login Information: email (read-only) and a new password. */
export function LoginInfoForm({ email }: { email: string }) {
  const update = useUpdatePassword();
  const { values, setValues, setProblems: setInvalid, text: field } = useFormFields({ password: '', password_confirmation: '' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    const empty = { password: !values.password, password_confirmation: !values.password_confirmation };
    if (empty.password || empty.password_confirmation) {
      setInvalid(empty);
      notify.info(messages.requiredFields);
      return;
    }
    const parsed = changePasswordSchema.safeParse(values);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setInvalid({ [issue.path[0] as Field]: true });
      notify.info(issue.message);
      return;
    }
    update.mutate(values, {
      onSuccess: () => {
        notify.success(messages.passwordChanged);
        setValues({ password: '', password_confirmation: '' });
      },
      onError: (error) => {
        if (!(error instanceof ApiError)) return notify.error(messages.serverError);
        const fields = error.fieldErrors();
        setInvalid({ password: Boolean(fields.password), password_confirmation: Boolean(fields.password_confirmation) });
        notify.errorList(Object.keys(fields).length ? Object.values(fields) : [error.message]);
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={520}>
        <TextInput label="Email" value={email} readOnly variant="filled" />
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
