import { type MutationMeta, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api-keys → {data: [{id, name, prefix, created_at, last_used_at}]}: the caller's live keys, never the keys themselves. */
export const getApiKeys = () => call('listApiKeys');

export const useApiKeys = () => useQuery({ queryKey: queryKeys.developers.apiKeys, queryFn: getApiKeys });

/** POST /api-keys {name} → 201 {id, name, prefix, key, created_at}: the only answer that carries `key`; 422 on `name`. */
export const createApiKey = (name: string) => call('createApiKey', { body: { name } });

/** `meta: { errorToast: false }`: the form shows the name's refusal under the field. */
export const useCreateApiKey = ({ meta }: { meta?: MutationMeta } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createApiKey, meta, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.developers.apiKeys }) });
};

/** DELETE /api-keys/{id} → {message}: the key is refused from then on. */
export const revokeApiKey = (id: number) => call('deleteApiKey', { params: { id } });

export const useRevokeApiKey = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeApiKey, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.developers.apiKeys }) });
};
