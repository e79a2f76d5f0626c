import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { apiKeyMessages } from '@copydesk/shared';
import { currentUser, requireApiKey } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import { mcpServerFor } from './mcp.tools.js';

/** Where MCP clients connect: beside /api, not under it (its calls are JSON-RPC, not endpoint-table entries). */
export const MCP_PATH = '/mcp';

const guard = requireApiKey(apiKeyMessages.mcpKeyRequired);

/**
 * The MCP endpoint (docs/decisions/0043-api-keys-and-mcp.md): the SDK's streamable HTTP transport in
 * stateless mode, one server and transport per POST, answered as JSON. Only an API key opens it: the
 * access layer's `requireApiKey` (revoked keys, the key's rate limit and a deactivated owner as on
 * /api); a refusal says how to authenticate in `WWW-Authenticate`. GET (a standing event stream) and
 * DELETE (ending a session) have nothing to serve without sessions: 405.
 */
export async function mcpRoutes(app: FastifyInstance) {
  const { ctx } = app;

  async function authenticate(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
    try {
      await guard.call(this, request, reply);
    } catch (err) {
      if (err instanceof AppError && err.status === 401) reply.header('www-authenticate', 'Bearer realm="Copydesk MCP"');
      throw err;
    }
  }

  app.post(MCP_PATH, { onRequest: authenticate }, async (request, reply) => {
    const server = mcpServerFor(ctx, currentUser(request));
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    reply.hijack();
    await transport.handleRequest(request.raw, reply.raw, request.body);
  });

  const postOnly = async (_request: FastifyRequest, reply: FastifyReply) => {
    reply.header('allow', 'POST');
    throw new AppError('mcp.method_not_allowed');
  };
  app.get(MCP_PATH, { onRequest: authenticate }, postOnly);
  app.delete(MCP_PATH, { onRequest: authenticate }, postOnly);
}
