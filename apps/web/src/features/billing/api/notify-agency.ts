import { useMutation } from '@tanstack/react-query';

import { call } from '@/lib/api-client';

/** GET /notifyAgency → {message}: an associate short of balance asks its agency to top up. */
export const notifyAgency = () => call('notifyAgency');

export const useNotifyAgency = () => useMutation({ mutationFn: notifyAgency });
