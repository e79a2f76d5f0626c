import { useRef } from 'react';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowLeft } from '@tabler/icons-react';
import { messages } from '@copydesk/shared';
import { ariaInvalid, refuseOnFields } from '@/lib/form';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { FullPageLoader } from '@/components/ui/full-page-loader';
import { useForgotPassword } from '../api/forgot-password';
import { loadSignInSchemas } from '../lib/load-sign-in-schemas';

/** The sign-in screen's forgot-password mode: one email field that mails a reset link. */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const forgot = useForgotPassword();
  const form = useForm({
    initialValues: { email: '' },
    validate: { email: (value) => !value.trim() && messages.requiredFields },
    enhanceGetInputProps: ariaInvalid,
  });
  const checking = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const refuse = (errors: typeof form.errors) => refuseOnFields(form, errors, () => formRef.current);

  const submit = async (values: typeof form.values) => {
    if (forgot.isPending || checking.current) return;
    checking.current = true;
    let schemas;
    try {
      schemas = await loadSignInSchemas();
    } catch {
      notify.error(messages.networkError);
      return;
    } finally {
      checking.current = false;
    }
    const parsed = schemas.emailOnlySchema.safeParse(values);
    if (!parsed.success) {
      refuse({ email: parsed.error.issues[0].message });
      return;
    }
    forgot.mutate(parsed.data, {
      onSuccess: (res) => {
        notify.success(res?.message || messages.resetEmailSent);
        onBack();
      },
      // The failure is the central toast; a problem with the address also goes under it.
      onError: (error) => {
        const email = error instanceof ApiError ? error.fieldErrors().email : undefined;
        if (email) refuse({ email });
      },
    });
  };

  return (
    <form ref={formRef} onSubmit={form.onSubmit(submit, refuse)} onFocus={() => void loadSignInSchemas().catch(() => undefined)} noValidate>
      <FullPageLoader visible={forgot.isPending} label="Sending email" />
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {messages.forgotPasswordHelp}
        </Text>
        <TextInput label="Email" placeholder="you@agency.com" type="email" autoComplete="email" required data-autofocus {...form.getInputProps('email')} />
        <Button type="submit" fullWidth loading={forgot.isPending}>
          Send Email
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={onBack} style={{ alignSelf: 'center' }}>
          <IconArrowLeft size={14} style={{ verticalAlign: 'middle', marginRight: 4 }} aria-hidden />
          Back
        </Anchor>
      </Stack>
    </form>
  );
}
