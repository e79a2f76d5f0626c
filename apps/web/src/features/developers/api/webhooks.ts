import { keepPreviousData, type MutationMeta, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /webhooks → {data: [{id, url, events, created_at, disabled_at}]}. */
export const getWebhooks = () => call('listWebhooks');

export const useWebhooks = () => useQuery({ queryKey: queryKeys.developers.webhooks, queryFn: getWebhooks });

/** What the form sends: `events` is `['*']` for every event. */
export type NewWebhook = { url: string; events: string[] };

/** POST /webhooks {url, events} → 201 {id, url, events, secret, created_at}: the signing secret is in this answer only; 422 on `url` or `events`. */
export const createWebhook = (body: NewWebhook) => call('createWebhook', { body });

/** `meta: { errorToast: false }`: the form shows the refusals beside its fields. */
export const useCreateWebhook = ({ meta }: { meta?: MutationMeta } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createWebhook, meta, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.developers.webhooks }) });
};

/** DELETE /webhooks/{id} → {message}: no more events, and its delivery log goes with it. */
export const deleteWebhook = (id: number) => call('deleteWebhook', { params: { id } });

export const useDeleteWebhook = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteWebhook, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.developers.webhooks }) });
};

/** POST /webhooks/{id}/test → 202 {message}: a `webhook.test` event is queued for the endpoint. */
export const sendTestEvent = (id: number) => call('testWebhook', { params: { id } });

export const useSendTestEvent = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: sendTestEvent, onSuccess: (_, id) => queryClient.invalidateQueries({ queryKey: queryKeys.developers.deliveries(id) }) });
};

export type DeliveryPageParams = { page: number; limit: number };

/** GET /webhooks/{id}/deliveries?page&limit → {data, meta}: newest first. */
export const getDeliveries = (id: number, params: DeliveryPageParams) =>
  call('listWebhookDeliveries', { params: { id }, query: { ...params, sort_column: 'id', sort_order: 'desc' } });

/** `id` null (no log open) asks nothing. */
export const useDeliveries = (id: number | null, params: DeliveryPageParams) =>
  useQuery({
    queryKey: queryKeys.developers.deliveryPage(id ?? 0, params),
    queryFn: () => getDeliveries(id!, params),
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });

/** POST /webhooks/{id}/deliveries/{deliveryId}/retry → 202 {message}: sent again now. */
export const retryDelivery = ({ webhookId, deliveryId }: { webhookId: number; deliveryId: number }) =>
  call('retryWebhookDelivery', { params: { id: webhookId, deliveryId } });

export const useRetryDelivery = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryDelivery,
    onSuccess: (_, { webhookId }) => queryClient.invalidateQueries({ queryKey: queryKeys.developers.deliveries(webhookId) }),
  });
};
