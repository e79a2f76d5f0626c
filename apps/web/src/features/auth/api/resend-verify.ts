import { useMutation } from '@tanstack/react-query';

import { call } from '@/lib/api-client';

/** POST /email/resendVerify {email} → {message}: sends a fresh verification link. */
export const resendVerify = (input: { email: string }) => call('resendVerify', { body: input });

export const useResendVerify = () => useMutation({ mutationFn: resendVerify });
