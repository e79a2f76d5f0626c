import { useMutation } from '@tanstack/react-query';
import type { AuthResponse, ChangePasswordInput } from '@copydesk/shared';
import { api } from '@/lib/api-client';
import { saveSession } from '@/lib/auth';

type UpdatePasswordResponse = { message?: string } & Partial<AuthResponse>;

/**
 * POST /update/password {current_password, password, password_confirmation}: the signed-in user's
 * new password. A wrong or missing current password answers 422 with an error on current_password.
 */
export const updatePassword = (input: Required<ChangePasswordInput>) => api.post<UpdatePasswordResponse>('/update/password', input);

export const useUpdatePassword = () =>
  useMutation({
    mutationFn: updatePassword,
    onSuccess: (res) => {
      // A password change revokes the other sessions; if the server hands this one a fresh token, keep it.
      if (res?.token && res.user) saveSession({ token: res.token, user: res.user });
    },
  });
