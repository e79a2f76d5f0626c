import { useMutation } from '@tanstack/react-query';
import { type SignUpInput } from '@copydesk/shared';
import { call } from '@/lib/api-client';

/**
 * POST /register {sign} → {message, user: null}: creates an agency account and emails a
 * verification link. The answer is the same when the address already has an account (its owner is
 * emailed instead), so the screen always moves on to "please verify your email". It also sets the
 * httpOnly cookie that lets this browser's checkverify calls see the real verification state.
 */
export const register = (sign: SignUpInput) => call('register', { body: { sign } });

export const useRegister = () => useMutation({ mutationFn: register });
