import { useMutation } from '@tanstack/react-query';
import { type PasswordTokenInput } from '@copydesk/shared';
import { call } from '@/lib/api-client';

/** POST /password/reset {email, password, token, password_confirmation}: the forgotten-password link. */
export const resetPassword = (input: PasswordTokenInput) => call('resetPassword', { body: input });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
