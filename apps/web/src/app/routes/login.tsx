import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Stack, Text } from '@mantine/core';
import { messages, TOKEN_LOGIN_REDIRECT_MS } from '@copydesk/shared';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { FullPageLoader } from '@/components/ui/full-page-loader';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { LoginForm } from '@/features/auth/components/login-form';
import { getUserByToken } from '@/features/auth/api/get-user-by-token';
import { saveSession } from '@/lib/auth';
import { browser } from '@/lib/browser';
import { notify } from '@/lib/notify';
import { reportServerError } from '@/lib/server-errors';
import { focusPageHeading } from '@/lib/page-heading';

const NOTICE_KEYS = ['verified', 'error', 'message'] as const;

/** /login: sign in, forgot password, notices from email links, and token sign-in from an order email. */
export function LoginRoute() {
  const [params, setParams] = useSearchParams();
  const [mode, setMode] = useState<'signin' | 'forgot'>('signin');
  const token = params.get('token');
  const orderId = params.get('order_id');
  const tokenLogin = Boolean(token && orderId && /^\d+$/.test(orderId));
  const [tokenPending, setTokenPending] = useState(tokenLogin);
  const started = useRef(false);
  const modeChanged = useRef(false);
  const switchMode = (next: 'signin' | 'forgot') => {
    modeChanged.current = true;
    setMode(next);
  };

  // Forgot password and back: the link that was used is gone, so the new card's heading takes focus.
  useEffect(() => {
    if (!modeChanged.current) return;
    modeChanged.current = false;
    focusPageHeading();
  }, [mode]);

  // Notices carried in the address: the email-verification link lands on /login?verified=1 or ?error=…
  useEffect(() => {
    if (!NOTICE_KEYS.some((key) => params.has(key))) return;
    const error = params.get('error');
    const message = params.get('message');
    if (error) notify.error(error);
    else if (params.get('verified') === '1') notify.success(message || messages.emailVerified);
    else if (message) notify.info(message);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const key of NOTICE_KEYS) next.delete(key);
        return next;
      },
      { replace: true },
    );
  }, [params, setParams]);

  // Sign-in from an emailed order link: /login?token=…&order_id=42 → /payment/42 after 2 s.
  useEffect(() => {
    if (!tokenLogin || started.current) return;
    started.current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    getUserByToken(token!)
      .then((auth) => {
        notify.success(messages.loggedIn);
        timer = setTimeout(() => {
          // Stored at the last moment and quietly: the visitors-only guard must not react to the new
          // token while this page waits; the full page load that follows starts the app signed in.
          saveSession(auth, { quiet: true });
          browser.assign(`/payment/${orderId}`);
        }, TOKEN_LOGIN_REDIRECT_MS);
      })
      .catch((error: unknown) => {
        reportServerError(error, { signIn: true });
        setTokenPending(false);
        setParams({}, { replace: true });
      });
    return () => clearTimeout(timer);
  }, [tokenLogin, token, orderId, setParams]);

  if (tokenPending) {
    return (
      <AuthLayout title="Welcome">
        <FullPageLoader label={messages.tokenLoginPending} />
        <Stack>
          <Text c="dimmed">{messages.tokenLoginPending}</Text>
        </Stack>
      </AuthLayout>
    );
  }

  return mode === 'forgot' ? (
    <AuthLayout title="Forgot password?">
      <ForgotPasswordForm onBack={() => switchMode('signin')} />
    </AuthLayout>
  ) : (
    <AuthLayout title="Welcome" subtitle="Sign in to order and review your content.">
      <LoginForm onForgotPassword={() => switchMode('forgot')} />
    </AuthLayout>
  );
}
