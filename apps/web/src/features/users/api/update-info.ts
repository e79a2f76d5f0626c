import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ContactInfoInput } from '@copydesk/shared';
import { call } from '@/lib/api-client';
import { updateStoredUser } from '@/lib/auth';
import { queryKeys } from '@/lib/query-keys';

/** POST /update/updateInfo {contact fields} → {message, user}: the signed-in user's own profile. */
export const updateInfo = (input: ContactInfoInput) => call('updateInfo', { body: input });

export const useUpdateInfo = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateInfo,
    onSuccess: (res) => {
      if (res?.user) updateStoredUser(res.user);
      void queryClient.invalidateQueries({ queryKey: queryKeys.auth.info });
    },
  });
};
