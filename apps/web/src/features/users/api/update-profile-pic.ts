import { useMutation } from '@tanstack/react-query';
import type { User } from '@copydesk/shared';
import { api } from '@/lib/api-client';
import { updateStoredUser } from '@/lib/auth';

/** POST /updateProfilePic (multipart, field `file`) → {message, user}. */
export const updateProfilePic = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return api.post<{ message?: string; user: User }>('/updateProfilePic', form);
};

export const useUpdateProfilePic = () =>
  useMutation({
    mutationFn: updateProfilePic,
    onSuccess: (res) => {
      if (res?.user) updateStoredUser(res.user);
    },
  });
