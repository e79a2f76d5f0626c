import { useMutation } from '@tanstack/react-query';
import type { AuthResponse } from '@copydesk/shared';
import { api, apiUrl } from '@/lib/api-client';

/** Where the browser goes to start Google sign-in (a full navigation, not a fetch). */
export const SOCIAL_REDIRECT_URL = apiUrl('/socialredirect');

/** GET /getGoogleLogin/{token} → {token, user}: exchanges the one-time token Google sign-in returned. */
export const getGoogleLogin = (token: string) => api.get<AuthResponse>(`/getGoogleLogin/${encodeURIComponent(token)}`);

export const useGoogleLogin = () => useMutation({ mutationFn: getGoogleLogin });
