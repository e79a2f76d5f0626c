import { type MutationMeta, useMutation } from '@tanstack/react-query';
import { type LoginInput } from '@copydesk/shared';
import { call } from '@/lib/api-client';

/** POST /login {email, password, remember} → {token, user}. */
export const login = (input: LoginInput) => call('login', { body: input });

/** `meta: { errorToast: false }` for a screen that shows this call's failures itself (lib/server-errors.ts). */
export const useLogin = ({ meta }: { meta?: MutationMeta } = {}) => useMutation({ mutationFn: login, meta });
