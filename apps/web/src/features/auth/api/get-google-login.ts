import { useMutation } from '@tanstack/react-query';

import { call, endpointUrl } from '@/lib/api-client';

/** Where the browser goes to start Google sign-in (a full navigation, not a fetch). */
export const SOCIAL_REDIRECT_URL = endpointUrl('socialRedirect');

/** GET /getGoogleLogin/{token} → {token, user}: exchanges the one-time token Google sign-in returned. */
export const getGoogleLogin = (token: string) => call('getGoogleLogin', { params: { token } });

export const useGoogleLogin = () => useMutation({ mutationFn: getGoogleLogin });
