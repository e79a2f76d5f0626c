import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI 3 generated from the Zod route schemas: JSON at /api/docs/json, a browsable page at /api/docs. */
export async function registerSwagger(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Copydesk API', version: '1.0.0', description: 'Accounts, orders, billing and coupons.' },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', description: 'A session token from POST /api/login.' },
          // docs/decisions/0043-api-keys-and-mcp.md: an agency's or admin's key from Settings → Developers.
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'cd_…',
            description: 'An API key (`cd_` and 40 characters) from Settings → Developers: acts as its owner, except on the calls that list only bearerAuth.',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
