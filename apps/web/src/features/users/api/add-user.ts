import { type MutationMeta, useMutation, useQueryClient } from '@tanstack/react-query';
import { type AddUserInput } from '@copydesk/shared';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * POST /register {sign} with the bearer token → 201 {message, user}: an admin adds an agency, an
 * agency adds an associate. The new user gets an email with a link to set a password.
 */
export const addUser = (sign: AddUserInput) => call('register', { body: { sign } });

/** `meta: { errorToast: false }` for a screen that shows this call's failures itself (lib/server-errors.ts). */
export const useAddUser = ({ meta }: { meta?: MutationMeta } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addUser,
    meta,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
};
