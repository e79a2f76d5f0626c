/**
 * The getting-started examples, built for the address the screen was opened at, so that what is
 * copied works against this server as it stands.
 */

/** Where the key goes when none is at hand: the reader puts a real key in its place. */
export const KEY_PLACEHOLDER = 'cd_…';

/** A first call with a key: the caller's orders (GET /api/order). */
export const curlExample = (origin: string, key = KEY_PLACEHOLDER) => `curl -H "Authorization: Bearer ${key}" ${origin}/api/order`;

/** The MCP endpoint's address (POST /mcp, streamable HTTP). */
export const mcpAddress = (origin: string) => `${origin}/mcp`;

/**
 * A client configuration in the common `mcpServers` shape (Claude Code's `.mcp.json`, Cursor's
 * `mcp.json`): streamable HTTP, the key in the Authorization header.
 */
export const mcpConfig = (origin: string, key = KEY_PLACEHOLDER) =>
  JSON.stringify({ mcpServers: { copydesk: { type: 'http', url: mcpAddress(origin), headers: { Authorization: `Bearer ${key}` } } } }, null, 2);

/**
 * Checking a delivery's signature with the Standard Webhooks reference library: `verify` throws
 * unless the signature matches the raw body, and refuses a timestamp more than five minutes off.
 */
export const verifySnippet = `import { Webhook } from 'standardwebhooks';

const webhook = new Webhook(process.env.COPYDESK_WEBHOOK_SECRET); // whsec_…

// body: the request's raw body as a string (before any JSON parsing)
// headers: the request's headers (webhook-id, webhook-timestamp, webhook-signature)
const event = webhook.verify(body, headers); // throws if the signature does not match
console.log(event.type, event.data);`;
