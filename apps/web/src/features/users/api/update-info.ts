import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactInfoInput, User } from '@copydesk/shared';
import { api } from '@/lib/api-client';
import { updateStoredUser } from '@/lib/auth';

/** POST /update/updateInfo {contact fields} → {message, user}: the signed-in user's own profile. */
export const updateInfo = (input: ContactInfoInput) => api.post<{ message?: string; user: User }>('/update/updateInfo', input);

export const useUpdateInfo = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateInfo,
    onSuccess: (res) => {
      if (res?.user) updateStoredUser(res.user);
      void queryClient.invalidateQueries({ queryKey: ['auth', 'info'] });
    },
  });
};
