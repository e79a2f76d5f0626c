import { useMutation } from '@tanstack/react-query';

import { call } from '@/lib/api-client';

/** GET /getuserbytoken/{token} → {token, user}: signs in from an emailed order link. */
export const getUserByToken = (token: string) => call('getUserByToken', { params: { token } });

export const useGetUserByToken = () => useMutation({ mutationFn: getUserByToken });
