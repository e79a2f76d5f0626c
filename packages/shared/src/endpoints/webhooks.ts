import { idParamSchema, messageResponseSchema } from '../schemas/common.js';
import {
  createdWebhookSchema,
  createWebhookSchema,
  webhookDeliveriesQuerySchema,
  webhookDeliveriesResponseSchema,
  webhookDeliveryParamsSchema,
  webhookListResponseSchema,
} from '../schemas/webhooks.js';
import { defineEndpoint } from './define.js';
import { routes } from './routes.js';

const tags = ['webhooks'];

/**
 * Webhooks: signed callbacks (Standard Webhooks) for an account's own events
 * (docs/decisions/0044-webhooks.md). Managed from a signed-in session only, never with an API key.
 */
export const webhookEndpoints = {
  createWebhook: defineEndpoint({
    ...routes.createWebhook,
    access: ['developers.manage'],
    apiKey: false,
    summary: 'Add a webhook endpoint (agency, admin); the signing secret is in this answer only',
    tags,
    body: createWebhookSchema,
    response: { 201: createdWebhookSchema },
  }),
  listWebhooks: defineEndpoint({
    ...routes.listWebhooks,
    access: ['developers.manage'],
    apiKey: false,
    summary: "The caller's webhook endpoints",
    tags,
    response: { 200: webhookListResponseSchema },
  }),
  deleteWebhook: defineEndpoint({
    ...routes.deleteWebhook,
    access: ['developers.manage'],
    apiKey: false,
    summary: 'Remove a webhook endpoint and its delivery log',
    tags,
    params: idParamSchema,
    response: { 200: messageResponseSchema },
  }),
  listWebhookDeliveries: defineEndpoint({
    ...routes.listWebhookDeliveries,
    access: ['developers.manage'],
    apiKey: false,
    summary: "A webhook endpoint's deliveries, paged, newest first",
    tags,
    params: idParamSchema,
    query: webhookDeliveriesQuerySchema,
    response: { 200: webhookDeliveriesResponseSchema },
  }),
  retryWebhookDelivery: defineEndpoint({
    ...routes.retryWebhookDelivery,
    access: ['developers.manage'],
    apiKey: false,
    summary: 'Send a delivery again now (a failed one starts a new schedule)',
    tags,
    params: webhookDeliveryParamsSchema,
    response: { 202: messageResponseSchema },
  }),
  testWebhook: defineEndpoint({
    ...routes.testWebhook,
    access: ['developers.manage'],
    apiKey: false,
    summary: 'Send a webhook.test event to the endpoint',
    tags,
    params: idParamSchema,
    response: { 202: messageResponseSchema },
  }),
};
