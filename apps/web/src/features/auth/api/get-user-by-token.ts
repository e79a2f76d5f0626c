import { useMutation } from '@tanstack/react-query';
import type { AuthResponse } from '@copydesk/shared';
import { api } from '@/lib/api-client';

/** GET /getuserbytoken/{token} → {token, user}: signs in from an emailed order link. */
export const getUserByToken = (token: string) => api.get<AuthResponse>(`/getuserbytoken/${encodeURIComponent(token)}`);

export const useGetUserByToken = () => useMutation({ mutationFn: getUserByToken });
