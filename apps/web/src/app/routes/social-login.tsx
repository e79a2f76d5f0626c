import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { messages } from '@copydesk/shared';
import { FullPageLoader } from '@/components/ui/full-page-loader';
import { getGoogleLogin } from '@/features/auth/api/get-google-login';
import { ApiError } from '@/lib/api-client';
import { saveSession } from '@/lib/auth';
import { notify } from '@/lib/notify';
import { reportServerError } from '@/lib/server-errors';

/** /social-login/{token}: where Google sign-in returns. Exchanges the one-time token, then opens the dashboard. */
export function SocialLoginRoute() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    getGoogleLogin(token)
      .then((auth) => {
        queryClient.clear();
        saveSession(auth);
        notify.success(messages.loggedIn);
        navigate('/dashboard', { replace: true });
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
