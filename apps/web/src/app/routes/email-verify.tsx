import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { Anchor, Button, Center, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { messages } from '@copydesk/shared';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { FullPageLoader } from '@/components/ui/full-page-loader';
import { useCheckVerify } from '@/features/auth/api/check-verify';
import { useResendVerify } from '@/features/auth/api/resend-verify';
import { clearLocalData, clearSendto, getSendto } from '@/lib/auth';
import { notify } from '@/lib/notify';
import { reportServerError } from '@/lib/server-errors';

/** /email/verify: waits for the emailed link to be clicked; offers to send it again. */
export function EmailVerifyRoute() {
  const navigate = useNavigate();
  // Read once: the email is forgotten when verified, and the page must not then bounce to an empty sign-in.
  const [email] = useState(getSendto);
  const check = useCheckVerify(email);
  const resend = useResendVerify();

  useEffect(() => {
    if (check.data?.verified) {
      notify.success(check.data.message || messages.emailAlreadyVerified);
      clearSendto();
      navigate('/login', { replace: true, state: { email } });
    } else if (check.error) {
      reportServerError(check.error);
      navigate('/login', { replace: true });
    }
  }, [check.data, check.error, navigate, email]);

  if (!email) return <Navigate to="/login" replace />;

  const onResend = () =>
    resend.mutate(
      { email },
      {
        onSuccess: (res) => notify.success(res?.message || messages.verificationSent),
        // The failure itself is the central toast; the sign-in page starts afresh.
        onError: () => {
          clearLocalData();
          navigate('/login', { replace: true });
        },
      },
    );

  return (
    <AuthLayout title="Please verify your email">
      <FullPageLoader visible={check.isPending || resend.isPending} />
      <Stack gap="lg">
        <Center>
          <ThemeIcon size={64} radius="xl" variant="light" aria-hidden>
            <IconMailCheck size={36} stroke={1.6} />
          </ThemeIcon>
        </Center>
        <Text>{messages.verifyEmailNote(email)}</Text>
        <Button onClick={onResend} loading={resend.isPending} fullWidth>
          Resend Email
        </Button>
        <Text ta="center" size="sm">
          <Anchor component={Link} to="/login">
            Back to sign in
          </Anchor>
        </Text>
      </Stack>
    </AuthLayout>
  );
}
