import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { messages, signInMessages, TOKEN_LOGIN_REDIRECT_MS } from '@copydesk/shared';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { FullPageLoader } from '@/components/ui/full-page-loader';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { LoginForm } from '@/features/auth/components/login-form';
import { getSignInLinkOwner } from '@/features/auth/api/get-sign-in-link-owner';
import { exchangeSignInLinkOnce } from '@/features/auth/api/get-user-by-token';
import { logout } from '@/features/auth/api/logout';
import { landingPath } from '@/features/auth/lib/return-path';
import { clearSession, getSession, saveSession, useSession } from '@/lib/auth';
import { browser } from '@/lib/browser';
import { notify } from '@/lib/notify';
import { reportServerError } from '@/lib/server-errors';
import { focusPageHeading } from '@/lib/page-heading';

const NOTICE_KEYS = ['verified', 'error', 'message'] as const;

/**
 * /login: sign in, forgot password, notices from email links, and token sign-in from an order email.
 * An emailed link opened while signed in is asked about first, without spending it
 * (docs/decisions/0032-sign-in-links-return-paths-remember-me.md): the signed-in account's own link
 * goes straight to the payment page; another account's names its owner and is spent only after
 * "Sign out and continue".
 */
export function LoginRoute() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const signedIn = Boolean(session.token);
  const [mode, setMode] = useState<'signin' | 'forgot'>('signin');
  const token = params.get('token');
  const orderId = params.get('order_id');
  const tokenLogin = Boolean(token && orderId && /^\d+$/.test(orderId));
  const [tokenPending, setTokenPending] = useState(tokenLogin);
  const [otherAccount, setOtherAccount] = useState<{ owner: string } | null>(null);
  const [signingOut, setSigningOut] = useState(false);
  const started = useRef(false);
  const asked = useRef(false);
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

  // An emailed link opened while signed in: whose is it? Asking spends nothing.
  useEffect(() => {
    if (!tokenLogin || !signedIn || asked.current) return;
    asked.current = true;
    getSignInLinkOwner(token!)
      .then((answer) => {
        if (answer.own) navigate(landingPath(`/payment/${answer.order_id}`), { replace: true });
        else setOtherAccount({ owner: answer.owner ?? '' });
      })
      .catch((error: unknown) => {
        // A session that had ended was cleared by the API client: the page goes on as a visitor's and spends the link.
        if (!getSession().token) return;
        reportServerError(error, { signIn: true });
        navigate(landingPath(null), { replace: true });
      });
  }, [tokenLogin, signedIn, token, navigate]);

  const signOutAndContinue = async () => {
    setSigningOut(true);
    try {
      await logout();
    } catch {
      // The token is dropped locally either way; a failed revoke only matters to that one token.
    }
    queryClient.clear();
    setOtherAccount(null);
    clearSession();
  };

  // Sign-in from an emailed order link: /login?token=…&order_id=42 → /payment/42 after 2 s, signed out first.
  useEffect(() => {
    if (!tokenLogin || signedIn || started.current) return;
    started.current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    exchangeSignInLinkOnce(token!)
      .then((auth) => {
        notify.success(messages.loggedIn);
        timer = setTimeout(() => {
          // Stored at the last moment and quietly: the visitors-only guard must not react to the new
          // token while this page waits; the full page load that follows starts the app signed in.
          // Not remembered: the link's session lasts an hour and ends with the browser.
          saveSession(auth, { quiet: true });
          browser.assign(landingPath(`/payment/${orderId}`));
        }, TOKEN_LOGIN_REDIRECT_MS);
      })
      .catch((error: unknown) => {
        reportServerError(error, { signIn: true });
        setTokenPending(false);
        setParams({}, { replace: true });
      });
    return () => clearTimeout(timer);
  }, [tokenLogin, signedIn, token, orderId, setParams]);

  if (otherAccount) {
    return (
      <AuthLayout title={signInMessages.linkHeading}>
        <Stack gap="lg">
          <Text>{signInMessages.linkForAnother(otherAccount.owner, session.user?.email ?? '')}</Text>
          <Stack gap="sm">
            <Button fullWidth onClick={() => void signOutAndContinue()} loading={signingOut}>
              {signInMessages.signOutAndContinue}
            </Button>
            <Button fullWidth variant="default" onClick={() => navigate(landingPath(null), { replace: true })} disabled={signingOut}>
              {signInMessages.stayHere}
            </Button>
          </Stack>
        </Stack>
      </AuthLayout>
    );
  }

  if (tokenPending) {
    const label = signedIn ? signInMessages.checkingLink : messages.tokenLoginPending;
    return (
      <AuthLayout title="Welcome">
        <FullPageLoader label={label} />
        <Stack>
          <Text c="dimmed">{label}</Text>
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
