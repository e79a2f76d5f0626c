import { useMutation } from '@tanstack/react-query';

import { call } from '@/lib/api-client';

/** POST /logout: revokes the token on the server. */
export const logout = () => call('logout');

export const useLogout = () => useMutation({ mutationFn: logout });
