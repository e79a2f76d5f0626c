import { useMutation } from '@tanstack/react-query';
import type { SignUpInput } from '@copydesk/shared';
import { api } from '@/lib/api-client';

/** POST /register {sign} → {message}: creates an agency account and emails a verification link. */
export const register = (sign: SignUpInput) => api.post<{ message?: string }>('/register', { sign });

export const useRegister = () => useMutation({ mutationFn: register });
