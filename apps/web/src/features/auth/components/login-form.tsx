import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Anchor, Button, Checkbox, Divider, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { messages } from '@copydesk/shared';
import { ApiError } from '@/lib/api-client';
import { getSendto, saveSession, setSendto } from '@/lib/auth';
import { notify } from '@/lib/notify';
import { FullPageLoader } from '@/components/ui/full-page-loader';
import { useLogin } from '../api/login';
import { loadSignInSchemas } from '../lib/load-sign-in-schemas';
import { GoogleButton } from './google-button';

type Field = 'email' | 'password';

/**
 * The address to sign in with: the one just verified (the waiting tab passes it along), else one
 * still waiting for verification in this browser (the tab the emailed link opened).
 */
function prefilledEmail(state: unknown): string {
  const passed = state && typeof state === 'object' && 'email' in state ? (state as { email: unknown }).email : null;
  return typeof passed === 'string' && passed ? passed : (getSendto() ?? '');
}

/** Email + password sign-in (access-and-billing §2 "Sign-in screen", §5, §8). */
export function LoginForm({ onForgotPassword }: { onForgotPassword: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const login = useLogin();
  const location = useLocation();
  const [email, setEmail] = useState(() => prefilledEmail(location.state));
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [invalid, setInvalid] = useState<Partial<Record<Field, boolean>>>({});
  // While the validator downloads (the first submit before any field had focus).
  const checking = useRef(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (login.isPending || checking.current) return;
    const empty = { email: !email.trim(), password: !password };
    if (empty.email || empty.password) {
      setInvalid(empty);
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
    const parsed = schemas.loginSchema.safeParse({ email, password, remember });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setInvalid({ [issue.path[0] as Field]: true });
      notify.info(issue.message);
      return;
    }
    setInvalid({});
    login.mutate(parsed.data, {
      onSuccess: (auth) => {
        queryClient.clear();
        saveSession(auth);
        notify.success(messages.loggedIn);
        navigate('/dashboard', { replace: true });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 403 && error.message === messages.verifyEmailFirst) {
          setSendto(parsed.data.email);
          notify.info(error.message);
          navigate('/email/verify');
          return;
        }
        notify.error(error instanceof ApiError ? error.firstMessage : messages.serverError);
      },
    });
  };

  return (
    <form onSubmit={submit} onFocus={() => void loadSignInSchemas().catch(() => undefined)} noValidate>
      <FullPageLoader visible={login.isPending} label="Signing in" />
      <Stack gap="md">
        <TextInput
          label="Email"
          placeholder="you@agency.com"
          type="email"
          autoComplete="email"
          required
          value={email}
          error={invalid.email}
          onChange={(e) => {
            setEmail(e.currentTarget.value);
            setInvalid((s) => ({ ...s, email: false }));
          }}
        />
        <PasswordInput
          label="Password"
          placeholder="Your password"
          autoComplete="current-password"
          required
          value={password}
          error={invalid.password}
          aria-invalid={invalid.password ? true : undefined}
          visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
          onChange={(e) => {
            setPassword(e.currentTarget.value);
            setInvalid((s) => ({ ...s, password: false }));
          }}
        />
        <Group justify="space-between" wrap="nowrap">
          <Checkbox label="Remember me" checked={remember} onChange={(e) => setRemember(e.currentTarget.checked)} />
          <Anchor component="button" type="button" size="sm" onClick={onForgotPassword}>
            Forgot password?
          </Anchor>
        </Group>
        <Button type="submit" fullWidth loading={login.isPending}>
          Sign in
        </Button>
        <Divider label="or" labelPosition="center" />
        <GoogleButton>Sign in with Google</GoogleButton>
        <Text ta="center" size="sm">
          <Anchor component={Link} to="/signup">
            Don't have an account. Sign Up.
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
