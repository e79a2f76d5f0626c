import { useMutation } from '@tanstack/react-query';
import { type PasswordTokenInput } from '@copydesk/shared';
import { call } from '@/lib/api-client';

/** POST /password/set {email, password, token, password_confirmation}: first password of an invited user. */
export const setPassword = (input: PasswordTokenInput) => call('setPassword', { body: input });

export const useSetPassword = () => useMutation({ mutationFn: setPassword });
