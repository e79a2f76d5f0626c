import { useMutation } from '@tanstack/react-query';
import type { AuthResponse, LoginInput } from '@copydesk/shared';
import { api } from '@/lib/api-client';

/** POST /login {email, password, remember} → {token, user}. */
export const login = (input: LoginInput) => api.post<AuthResponse>('/login', input);

export const useLogin = () => useMutation({ mutationFn: login });
