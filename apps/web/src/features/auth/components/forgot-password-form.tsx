import { useRef, useState, type FormEvent } from 'react';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { messages } from '@copydesk/shared';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { FullPageLoader } from '@/components/ui/full-page-loader';
import { useForgotPassword } from '../api/forgot-password';
import { loadSignInSchemas } from '../lib/load-sign-in-schemas';

/** The sign-in screen's forgot-password mode: one email field that mails a reset link. */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const forgot = useForgotPassword();
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState(false);
  const checking = useRef(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (forgot.isPending || checking.current) return;
    if (!email.trim()) {
      setInvalid(true);
      notify.info(messages.requiredFields);
      return;
    }
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
    const parsed = schemas.emailOnlySchema.safeParse({ email });
    if (!parsed.success) {
      setInvalid(true);
      notify.info(parsed.error.issues[0].message);
      return;
    }
    forgot.mutate(parsed.data, {
      onSuccess: (res) => {
        notify.success(res?.message || messages.resetEmailSent);
        onBack();
      },
      onError: (error) => notify.error(error instanceof ApiError ? error.firstMessage : messages.serverError),
    });
  };

  return (
    <form onSubmit={submit} onFocus={() => void loadSignInSchemas().catch(() => undefined)} noValidate>
      <FullPageLoader visible={forgot.isPending} label="Sending email" />
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {messages.forgotPasswordHelp}
        </Text>
        <TextInput
          label="Email"
          placeholder="you@agency.com"
          type="email"
          autoComplete="email"
          required
          data-autofocus
          value={email}
          error={invalid}
          onChange={(e) => {
            setEmail(e.currentTarget.value);
            setInvalid(false);
          }}
        />
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
