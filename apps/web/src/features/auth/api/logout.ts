import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /logout: revokes the token on the server. */
export const logout = () => api.post<{ message?: string }>('/logout');

export const useLogout = () => useMutation({ mutationFn: logout });
