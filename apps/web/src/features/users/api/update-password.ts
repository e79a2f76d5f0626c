import { type MutationMeta, useMutation } from '@tanstack/react-query';
import { type ChangePasswordInput } from '@copydesk/shared';
import { call } from '@/lib/api-client';

/**
 * POST /update/password {current_password, password, password_confirmation}: the signed-in user's
 * new password → {message}; the other sessions end, this one stays. A wrong or missing current
 * password answers 422 with an error on current_password.
 */
export const updatePassword = (input: Required<ChangePasswordInput>) => call('changePassword', { body: input });

/** `meta: { errorToast: false }` for a screen that shows this call's failures itself (lib/server-errors.ts). */
export const useUpdatePassword = ({ meta }: { meta?: MutationMeta } = {}) => useMutation({ mutationFn: updatePassword, meta });
