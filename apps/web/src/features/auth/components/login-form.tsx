import { useRef } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Anchor, Button, Checkbox, Divider, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { messages, signInMessages } from '@copydesk/shared';
import { ApiError } from '@/lib/api-client';
import { getSendto, saveSession, setSendto } from '@/lib/auth';
import { ariaInvalid, refuseOnFields, schemaErrors } from '@/lib/form';
import { notify } from '@/lib/notify';
import { formFieldErrors, reportServerError } from '@/lib/server-errors';
import { FullPageLoader } from '@/components/ui/full-page-loader';
import { useLogin } from '../api/login';
import { loadSignInSchemas } from '../lib/load-sign-in-schemas';
import { landingPath, NEXT_PARAM } from '../lib/return-path';
import { GoogleButton } from './google-button';

/**
 * The address to sign in with: the one just verified (the waiting tab passes it along), else one
 * still waiting for verification in this browser (the tab the emailed link opened).
 */
function prefilledEmail(state: unknown): string {
  const passed = state && typeof state === 'object' && 'email' in state ? (state as { email: unknown }).email : null;
  return typeof passed === 'string' && passed ? passed : (getSendto() ?? '');
}

/**
 * Email + password sign-in (docs/decisions/0012-no-account-enumeration.md). It lands on the page the
 * user was sent from (`?next=`, kept only when it is a path of this site) and keeps the session past
 * the browser's closing only when "Remember me" is ticked
 * (docs/decisions/0032-sign-in-links-return-paths-remember-me.md).
 */
export function LoginForm({ onForgotPassword }: { onForgotPassword: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // A failure is a toast, or for an unverified address the verify screen: shown here, not centrally.
  const login = useLogin({ meta: { errorToast: false } });
  const location = useLocation();
  const [params] = useSearchParams();
  const next = params.get(NEXT_PARAM);
  const form = useForm({
    initialValues: { email: prefilledEmail(location.state), password: '', remember: false },
    // The first rule: both fields filled, else the required-fields message under each empty one.
    validate: { email: (value) => !value.trim() && messages.requiredFields, password: (value) => !value && messages.requiredFields },
    enhanceGetInputProps: ariaInvalid,
  });
  // While the validator downloads (the first submit before any field had focus).
  const checking = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const refuse = (errors: typeof form.errors) => refuseOnFields(form, errors, () => formRef.current);

  const submit = async (values: typeof form.values) => {
    if (login.isPending || checking.current) return;
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
    // Every problem of the contract, each under its field.
    const parsed = schemas.loginSchema.safeParse(values);
    if (!parsed.success) {
      refuse(schemaErrors(schemas.loginSchema, values));
      return;
    }
    login.mutate(parsed.data, {
      onSuccess: (auth) => {
        queryClient.clear();
        saveSession(auth, { remember: parsed.data.remember });
        notify.success(messages.loggedIn);
        navigate(landingPath(next), { replace: true });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'auth.email_unverified') {
          setSendto(parsed.data.email);
          notify.info(error.message);
          navigate('/email/verify');
          return;
        }
        // A problem the server names by field goes under it; wrong credentials name none (a toast).
        if (error instanceof ApiError && Object.keys(error.fieldErrors()).length) refuse(formFieldErrors(error, ['email', 'password']));
        else reportServerError(error, { signIn: true });
      },
    });
  };

  return (
    <form ref={formRef} onSubmit={form.onSubmit(submit, refuse)} onFocus={() => void loadSignInSchemas().catch(() => undefined)} noValidate>
      <FullPageLoader visible={login.isPending} label="Signing in" />
      <Stack gap="md">
        <TextInput label="Email" placeholder="you@agency.com" type="email" autoComplete="email" required {...form.getInputProps('email')} />
        <PasswordInput
          label="Password"
          placeholder="Your password"
          autoComplete="current-password"
          required
          visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
          {...form.getInputProps('password')}
        />
        <Group justify="space-between" wrap="nowrap">
          <Checkbox label="Remember me" title={signInMessages.rememberMeHint} {...form.getInputProps('remember', { type: 'checkbox' })} />
          <Anchor component="button" type="button" size="sm" onClick={onForgotPassword}>
            Forgot password?
          </Anchor>
        </Group>
        <Button type="submit" fullWidth loading={login.isPending}>
          Sign in
        </Button>
        <Divider label="or" labelPosition="center" />
        <GoogleButton next={next} remember={form.values.remember}>
          Sign in with Google
        </GoogleButton>
        <Text ta="center" size="sm">
          <Anchor component={Link} to="/signup">
            Don't have an account. Sign Up.
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
