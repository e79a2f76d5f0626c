import { promises as dns } from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { webhookMessages, type ErrorCode } from '@copydesk/shared';

/**
 * Which addresses a webhook may call (docs/decisions/0044-webhooks.md). Checked when an endpoint is
 * added and again at every delivery, on the addresses the host resolves to then; the delivery
 * connects to the address this check passed (`Target.address`), so a DNS answer that changes
 * between the check and the connection (rebinding) cannot send the request elsewhere.
 */

/** Resolves a host name to every address it has (dns.lookup with `all`); injectable for tests. */
export type Lookup = (hostname: string) => Promise<{ address: string; family: number }[]>;

export const systemLookup: Lookup = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

export interface UrlPolicy {
  /** http:// allowed, for loopback only (WEBHOOK_ALLOW_HTTP). */
  allowHttp: boolean;
  /** Private, loopback, link-local, … addresses allowed (WEBHOOK_ALLOW_PRIVATE). */
  allowPrivate: boolean;
}

export interface Target {
  url: URL;
  /** The checked address the request connects to. */
  address: string;
  family: 4 | 6;
}

export type Refusal = { code: Extract<ErrorCode, `webhook.url_${string}`>; message: string };
export type Checked = { ok: true; target: Target } | ({ ok: false } & Refusal);

const refuse = (code: Refusal['code'], message: string): Checked => ({ ok: false, code, message });

/** Never callable, whatever the flags: no host answers there. */
const NEVER = new Set(['unspecified', 'broadcast', 'multicast']);

/**
 * What an address is, by ipaddr.js's range names: only `unicast` (public) passes without
 * WEBHOOK_ALLOW_PRIVATE. Everything else is refused: private (10/8, 172.16/12, 192.168/16),
 * loopback, link-local (169.254/16, with the clouds' metadata address 169.254.169.254; fe80::/10),
 * carrier-grade NAT (100.64/10, with another cloud's metadata address), unique-local IPv6 (fc00::/7,
 * with fd00:ec2::254), IPv4-mapped IPv6 (::ffff:0:0/96) and the translation ranges (64:ff9b::/96,
 * 6to4, Teredo) that can lead to any IPv4 address, reserved and documentation ranges.
 */
export function addressRange(address: string): string {
  return ipaddr.parse(address).range();
}

function isLoopback(address: string): boolean {
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) return (parsed as ipaddr.IPv6).toIPv4Address().range() === 'loopback';
  return parsed.range() === 'loopback';
}

/** The URL's host as an address when it is one (`[::1]` → `::1`), else null. */
function literalAddress(hostname: string): string | null {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return net.isIP(bare) ? bare : null;
}

/** Checks an address and resolves its host; the first address that passes is the one to call. */
export async function checkWebhookUrl(policy: UrlPolicy, raw: string, lookup: Lookup = systemLookup): Promise<Checked> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return refuse('webhook.url_invalid', webhookMessages.urlInvalid);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname || url.username || url.password) {
    return refuse('webhook.url_invalid', webhookMessages.urlInvalid);
  }
  if (url.protocol === 'http:' && !policy.allowHttp) return refuse('webhook.url_not_https', webhookMessages.urlNotHttps);

  let addresses: { address: string; family: number }[];
  const literal = literalAddress(url.hostname);
  if (literal) addresses = [{ address: literal, family: net.isIP(literal) }];
  else {
    try {
      addresses = await lookup(url.hostname);
    } catch {
      return refuse('webhook.url_unresolvable', webhookMessages.urlUnresolvable);
    }
    if (!addresses.length) return refuse('webhook.url_unresolvable', webhookMessages.urlUnresolvable);
  }
  for (const { address } of addresses) {
    if (!ipaddr.isValid(address)) return refuse('webhook.url_unresolvable', webhookMessages.urlUnresolvable);
  }
  // http:// only to this machine, and every address the name has must be loopback: one public
  // address among them would carry the events in clear.
  if (url.protocol === 'http:' && !addresses.every((a) => isLoopback(a.address))) {
    return refuse('webhook.url_http_loopback_only', webhookMessages.urlHttpLoopbackOnly);
  }
  // Every address must pass, not just one: the connection could go to any of them.
  for (const { address } of addresses) {
    const range = addressRange(address);
    if (NEVER.has(range) || (range !== 'unicast' && !policy.allowPrivate)) {
      return refuse('webhook.url_private_address', webhookMessages.urlPrivateAddress);
    }
  }
  const chosen = addresses[0]!;
  return { ok: true, target: { url, address: chosen.address, family: chosen.family === 6 ? 6 : 4 } };
}
