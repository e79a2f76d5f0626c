import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /notifyAgency → {message}: an associate short of balance asks its agency to top up. */
export const notifyAgency = () => api.get<{ message: string }>('/notifyAgency');

export const useNotifyAgency = () => useMutation({ mutationFn: notifyAgency });
