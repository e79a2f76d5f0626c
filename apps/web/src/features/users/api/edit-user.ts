import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EditUserInput, User } from '@copydesk/shared';
import { api } from '@/lib/api-client';
import { getSession, updateStoredUser } from '@/lib/auth';
import { userKeys } from './keys';

/** POST /update/updateUserInfo {sign: {…, userId}} → {message, user}: edit another user (or oneself) from User Management. */
export const editUser = (sign: EditUserInput) => api.post<{ message?: string; user: User }>('/update/updateUserInfo', { sign });

export const useEditUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editUser,
    onSuccess: (res) => {
      // Editing one's own row changes the name the frame shows.
      if (res?.user && res.user.id === getSession().user?.id) updateStoredUser(res.user);
      return queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
  });
};
