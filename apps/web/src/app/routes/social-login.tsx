import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { messages } from '@copydesk/shared';
import { FullPageLoader } from '@/components/ui/full-page-loader';
import { getGoogleLogin } from '@/features/auth/api/get-google-login';
import { landingPath, takeGoogleSignIn } from '@/features/auth/lib/return-path';
import { ApiError } from '@/lib/api-client';
import { saveSession } from '@/lib/auth';
import { notify } from '@/lib/notify';
import { reportServerError } from '@/lib/server-errors';

/**
 * /social-login/{token}: where Google sign-in returns. Exchanges the one-time token, then opens the
 * page the sign-in form was sent from, or the dashboard (features/auth/lib/return-path.ts).
 */
export function SocialLoginRoute() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const pending = takeGoogleSignIn();
    getGoogleLogin(token)
      .then((auth) => {
        queryClient.clear();
        saveSession(auth, { remember: pending.remember });
        notify.success(messages.loggedIn);
        navigate(landingPath(pending.next), { replace: true });
      })
      .catch((error: unknown) => {
        // No answer from the server: the original portal's own words for a failed Google sign-in.
        if (error instanceof ApiError) reportServerError(error, { signIn: true });
        else notify.error(messages.socialFailed);
        navigate('/login', { replace: true });
      });
  }, [token, navigate, queryClient]);

  return <FullPageLoader label="Signing in with Google" />;
}
