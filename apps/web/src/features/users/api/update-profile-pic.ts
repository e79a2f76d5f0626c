import { useMutation } from '@tanstack/react-query';

import { call } from '@/lib/api-client';
import { updateStoredUser } from '@/lib/auth';

/** POST /updateProfilePic (multipart, field `file`) → {message, user}. */
export const updateProfilePic = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return call('updateProfilePic', { body: form });
};

export const useUpdateProfilePic = () =>
  useMutation({
    mutationFn: updateProfilePic,
    onSuccess: (res) => {
      if (res?.user) updateStoredUser(res.user);
    },
  });
