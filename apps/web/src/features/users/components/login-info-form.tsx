import { useRef } from 'react';
import { Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { changePasswordSchema, messages, securityMessages } from '@copydesk/shared';
import { ApiError } from '@/lib/api-client';
import { ariaInvalid, refuseOnFields, schemaErrors } from '@/lib/form';
import { notify } from '@/lib/notify';
import { formFieldErrors } from '@/lib/server-errors';
import { useUpdatePassword } from '../api/update-password';

const empty = { current_password: '', password: '', password_confirmation: '' };

/**
 * My Account → Login Information: email (read-only), the current password and a new one. The
 * current password is not required here: an account that signs in with Google only has none, and
 * the server, which knows, answers with a message under the field when it is missing or wrong.
 */
export function LoginInfoForm({ email }: { email: string }) {
  // The current password's problem shows under it; this form toasts the rest itself.
  const update = useUpdatePassword({ meta: { errorToast: false } });
  const currentInput = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm({
    initialValues: empty,
    validate: (values) => {
      // Both new fields filled first (the contract only asks for the password: its confirmation
      // is optional for other callers), then the contract's length and match rules.
      const missing = {
        password: !values.password && messages.requiredFields,
        password_confirmation: !values.password_confirmation && messages.requiredFields,
      };
      return missing.password || missing.password_confirmation ? missing : schemaErrors(changePasswordSchema, values);
    },
    enhanceGetInputProps: ariaInvalid,
  });

  const submit = (values: typeof form.values) => {
    if (update.isPending) return;
    update.mutate(values, {
      onSuccess: () => {
        notify.success(messages.passwordChanged);
        form.setValues(empty);
      },
      onError: (error) => {
        // The current password's message goes under it; the new ones' are a toast and a red border.
        const { current_password } = formFieldErrors(error, ['current_password']);
        const fields = error instanceof ApiError ? error.fieldErrors() : {};
        form.setErrors({ current_password, password: Boolean(fields.password), password_confirmation: Boolean(fields.password_confirmation) });
        if (current_password) currentInput.current?.focus();
      },
    });
  };

  return (
    <form ref={formRef} onSubmit={form.onSubmit(submit, (errors) => refuseOnFields(form, errors, () => formRef.current))} noValidate>
      <Stack gap="md" maw={520}>
        <TextInput label="Email" value={email} readOnly variant="filled" />
        <PasswordInput
          label="Current Password"
          ref={currentInput}
          description={securityMessages.currentPasswordHint}
          autoComplete="current-password"
          visibilityToggleButtonProps={{ 'aria-label': 'Show or hide current password' }}
          {...form.getInputProps('current_password')}
        />
        <PasswordInput
          label="New Password"
          required
          autoComplete="new-password"
          visibilityToggleButtonProps={{ 'aria-label': 'Show or hide new password' }}
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Confirm Password"
          required
          autoComplete="new-password"
          visibilityToggleButtonProps={{ 'aria-label': 'Show or hide confirmation' }}
          {...form.getInputProps('password_confirmation')}
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
