import { useMutation } from '@tanstack/react-query';
import type { PasswordTokenInput } from '@copydesk/shared';
import { api } from '@/lib/api-client';

/** POST /password/set {email, password, token, password_confirmation}: first password of an invited user. */
export const setPassword = (input: PasswordTokenInput) => api.post<{ message?: string }>('/password/set', input);

export const useSetPassword = () => useMutation({ mutationFn: setPassword });
