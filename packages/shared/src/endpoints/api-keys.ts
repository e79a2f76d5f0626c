import { apiKeyListResponseSchema, createApiKeySchema, createdApiKeySchema } from '../schemas/api-keys.js';
import { idParamSchema, messageResponseSchema } from '../schemas/common.js';
import { defineEndpoint } from './define.js';
import { routes } from './routes.js';

const tags = ['developers'];

/**
 * API keys (docs/decisions/0043-api-keys-and-mcp.md): an agency or an admin manages its own keys
 * from a signed-in session; a key never manages keys (`apiKey: false`).
 */
export const apiKeyEndpoints = {
  createApiKey: defineEndpoint({
    ...routes.createApiKey,
    access: ['developers.manage'],
    apiKey: false,
    summary: 'Create an API key (agency, admin); the key is shown in this answer only',
    tags,
    body: createApiKeySchema,
    response: { 201: createdApiKeySchema },
  }),
  listApiKeys: defineEndpoint({
    ...routes.listApiKeys,
    access: ['developers.manage'],
    apiKey: false,
    summary: "The caller's live API keys (agency, admin), without the keys themselves",
    tags,
    response: { 200: apiKeyListResponseSchema },
  }),
  deleteApiKey: defineEndpoint({
    ...routes.deleteApiKey,
    access: ['developers.manage'],
    apiKey: false,
    summary: 'Revoke one of the caller’s API keys (agency, admin); it is refused at once',
    tags,
    params: idParamSchema,
    response: { 200: messageResponseSchema },
  }),
};
