import { Link, useParams, useSearchParams } from 'react-router';
import { Anchor, Text } from '@mantine/core';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { PasswordTokenForm } from '@/features/auth/components/password-token-form';

function PasswordTokenScreen({ mode }: { mode: 'reset' | 'set' }) {
  const { token = '' } = useParams();
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  return (
    <AuthLayout
      title={mode === 'reset' ? 'Reset Password' : 'Set Password'}
      subtitle={email ? `Choose a ${mode === 'reset' ? 'new ' : ''}password for ${email}.` : 'Choose a password of at least 8 characters.'}
    >
      <PasswordTokenForm mode={mode} token={token} email={email} redirect={params.get('redirect')} />
      <Text ta="center" size="sm" mt="lg">
        <Anchor component={Link} to="/login">
          Back to sign in
        </Anchor>
      </Text>
    </AuthLayout>
  );
}

/** /password/reset/{token}?email=…[&redirect=…] */
export function ResetPasswordRoute() {
  return <PasswordTokenScreen mode="reset" />;
}

/** /setpassword/{token}?email=…[&redirect=…]: a user added by someone else chooses a first password. */
export function SetPasswordRoute() {
  return <PasswordTokenScreen mode="set" />;
}
