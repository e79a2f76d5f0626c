import { type MutationMeta, useMutation, useQueryClient } from '@tanstack/react-query';
import { type EditUserInput } from '@copydesk/shared';
import { call } from '@/lib/api-client';
import { getSession, updateStoredUser } from '@/lib/auth';
import { queryKeys } from '@/lib/query-keys';

/** POST /update/updateUserInfo {sign: {…, userId}} → {message, user}: edit another user (or oneself) from User Management. */
export const editUser = (sign: EditUserInput) => call('editUser', { body: { sign } });

/** `meta: { errorToast: false }` for a screen that shows this call's failures itself (lib/server-errors.ts). */
export const useEditUser = ({ meta }: { meta?: MutationMeta } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editUser,
    meta,
    onSuccess: (res) => {
      // Editing one's own row changes the name the frame shows.
      if (res?.user && res.user.id === getSession().user?.id) updateStoredUser(res.user);
      return queryClient.invalidateQueries({ queryKey: queryKeys.users.all });
    },
  });
};
