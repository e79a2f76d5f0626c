import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /forgot-password {email} → {message}: emails a reset link. */
export const forgotPassword = (input: { email: string }) => api.post<{ message: string }>('/forgot-password', input);

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
