import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /email/resendVerify {email} → {message}: sends a fresh verification link. */
export const resendVerify = (input: { email: string }) => api.post<{ message: string }>('/email/resendVerify', input);

export const useResendVerify = () => useMutation({ mutationFn: resendVerify });
