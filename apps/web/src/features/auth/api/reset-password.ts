import { useMutation } from '@tanstack/react-query';
import type { PasswordTokenInput } from '@copydesk/shared';
import { api } from '@/lib/api-client';

/** POST /password/reset {email, password, token, password_confirmation}: the forgotten-password link. */
export const resetPassword = (input: PasswordTokenInput) => api.post<{ message?: string }>('/password/reset', input);

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
