import { z } from 'zod';
import { endpoints, type Endpoint } from '@copydesk/shared';
import { API_BASE } from '@/lib/api-client';

/**
 * Checks a test's mocked answers against the endpoint table (packages/shared/src/endpoints), so a
 * mock cannot drift from the contract the server serialises with: a successful JSON answer must
 * parse through the endpoint's response schema for that status. Keys the schema does not know are
 * not flagged (the server's serialiser would drop them).
 */

type Entry = { name: string; endpoint: Endpoint; pattern: RegExp };

const byParamCount = (entry: Entry) => (entry.endpoint.path.match(/:/g) ?? []).length;

// Static paths first, as the server's router matches them: `/message/unread` before `/message/:id`.
const table: Entry[] = Object.entries(endpoints as Record<string, Endpoint>)
  .map(([name, endpoint]) => ({ name, endpoint, pattern: new RegExp(`^${endpoint.path.replace(/:[A-Za-z_]\w*/g, '[^/]+')}$`) }))
  .sort((a, b) => byParamCount(a) - byParamCount(b));

/** The table entry a request goes to, by method and path (query ignored). */
function findEndpoint(method: string, url: string): Entry | undefined {
  const path = new URL(url, 'http://localhost').pathname;
  if (!path.startsWith(`${API_BASE}/`)) return undefined;
  const rest = path.slice(API_BASE.length);
  return table.find((entry) => entry.endpoint.method === method && entry.pattern.test(rest));
}

/** Why a mocked answer does not fit the contract, or null when it does (or is an error, a file, or a call outside the table). */
export async function contractDrift(method: string, url: string, response: Response): Promise<string | null> {
  if (!response.ok) return null;
  const entry = findEndpoint(method, url);
  if (!entry?.endpoint.response || entry.endpoint.download || entry.endpoint.redirect) return null;
  const where = `${method} ${url} (endpoints.${entry.name})`;
  const schema = entry.endpoint.response[response.status];
  if (!schema) return `${where}: the mock answers ${response.status}, the contract answers ${Object.keys(entry.endpoint.response).join(' or ')}`;
  let body: unknown;
  try {
    body = JSON.parse(await response.clone().text());
  } catch {
    return `${where}: the mock's answer is not JSON`;
  }
  const result = schema.safeParse(body);
  return result.success ? null : `${where}: the mock's answer does not match the response schema\n${z.prettifyError(result.error)}`;
}
