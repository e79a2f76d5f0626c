import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddUserInput, User } from '@copydesk/shared';
import { api } from '@/lib/api-client';
import { userKeys } from './keys';

/**
 * POST /register {sign} with the bearer token → 201 {message, user}: an admin adds an agency, an
 * agency adds an associate. The new user gets an email with a link to set a password.
 */
export const addUser = (sign: AddUserInput) => api.post<{ message?: string; user: User }>('/register', { sign });

export const useAddUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
};
