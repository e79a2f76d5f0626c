// The HTTP client of the cluster proof (scripts/cluster.mjs): every call goes through the load
// balancer, and every answer is recorded with the instance that gave it (HAProxy's
// X-Cluster-Upstream header), so the script can show the spread and account for every answer ≥ 500.
import { randomUUID } from 'node:crypto';
import { requestOf } from './load-payloads.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** The 409s that mean "the first try is still running" (packages/shared/src/error-codes.ts): try again. */
const RETRYABLE_409 = new Set(['idempotency.in_progress', 'payment.in_progress']);

export class ClusterClient {
  constructor(baseURL) {
    this.baseURL = baseURL;
    /** Every answer (or lost send): { at, method, path, status, upstream }; status 0 = no answer. */
    this.log = [];
  }

  /** One HTTP call. `raw` keeps the body as bytes. Never throws for an HTTP status; a lost send is status 0. */
  async call(method, pathname, { token, json, form, key, raw = false, redirect = 'follow', timeoutMs = 60_000 } = {}) {
    const { headers, body } = requestOf({ token, json, form, key });
    const at = Date.now();
    let res;
    try {
      res = await fetch(`${this.baseURL}${pathname}`, { method, headers, body, redirect, signal: AbortSignal.timeout(timeoutMs) });
    } catch (err) {
      const entry = { at, method, path: pathname, status: 0, upstream: null, error: String(err?.cause?.code ?? err?.name ?? err) };
      this.log.push(entry);
      return { ...entry, body: null, headers: new Headers() };
    }
    const upstream = res.headers.get('x-cluster-upstream');
    let data;
    if (raw) data = Buffer.from(await res.arrayBuffer());
    else {
      const text = await res.text();
      try {
        data = text ? JSON.parse(text) : null;
      } catch {
        data = text;
      }
    }
    const entry = { at, method, path: pathname, status: res.status, upstream };
    this.log.push(entry);
    return { ...entry, body: data, headers: res.headers };
  }

  /**
   * Sends one operation until it has an answer, as the web app does: one Idempotency-Key for all its
   * sends; a lost send, a 502/503/504 (the instance died under it), a 429 or a 409 "still running"
   * is sent again. A call the server does not deduplicate is sent again only after `lookup` shows
   * the lost send did not go through.
   */
  async operate(send, { lookup, deadlineMs = 90_000 } = {}) {
    const key = randomUUID();
    const deadline = Date.now() + deadlineMs;
    let sends = 0;
    let lost = false;
    while (Date.now() < deadline && sends < 60) {
      if (sends > 0) {
        await sleep(150 + Math.random() * 250);
        if (lost && lookup) {
          const found = await lookup().catch(() => undefined);
          if (found) return { outcome: 'found after a lost answer', found, sends };
        }
      }
      sends += 1;
      const res = await send(key);
      const code = res.body && typeof res.body === 'object' ? res.body.code : undefined;
      if (res.status === 0 || res.status === 502 || res.status === 503 || res.status === 504) {
        lost = true;
        continue;
      }
      lost = false;
      if (res.status === 429) {
        await sleep(Math.min(Math.max(Number(res.headers.get('retry-after')) || 1, 1), 10) * 1000);
        continue;
      }
      if (res.status === 409 && RETRYABLE_409.has(code)) continue;
      return { outcome: res.status >= 200 && res.status < 300 ? 'acknowledged' : `answered ${res.status}`, res, sends };
    }
    return { outcome: 'gave up', sends };
  }
}
