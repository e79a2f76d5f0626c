import { useMutation } from '@tanstack/react-query';

import { call } from '@/lib/api-client';

/** POST /forgot-password {email} → {message}: emails a reset link. */
export const forgotPassword = (input: { email: string }) => call('forgotPassword', { body: input });

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
