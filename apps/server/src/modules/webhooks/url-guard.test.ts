import { describe, expect, it } from 'vitest';
import { checkWebhookUrl, type Lookup } from './url-guard.js';

const strict = { allowHttp: false, allowPrivate: false };
const lookupTo =
  (...addresses: string[]): Lookup =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
const failing: Lookup = async () => {
  throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
};

describe('webhook address policy', () => {
  it('accepts an https address whose host resolves to public addresses only, and pins the first', async () => {
    const checked = await checkWebhookUrl(strict, 'https://hooks.example.com/copydesk', lookupTo('93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'));
    expect(checked).toMatchObject({ ok: true, target: { address: '93.184.215.14', family: 4 } });
  });

  it.each([
    ['a private address', 'https://10.0.0.8/hook'],
    ['a private address (172.16/12)', 'https://172.20.1.1/hook'],
    ['loopback', 'https://127.0.0.1/hook'],
    ['IPv6 loopback', 'https://[::1]/hook'],
    ['link-local', 'https://169.254.10.10/hook'],
    ['the cloud metadata address', 'https://169.254.169.254/latest/meta-data'],
    ['carrier-grade NAT (another metadata address)', 'https://100.100.100.200/'],
    ['unique-local IPv6 (the IPv6 metadata address)', 'https://[fd00:ec2::254]/'],
    ['IPv4-mapped IPv6', 'https://[::ffff:8.8.8.8]/'],
    ['IPv4-mapped loopback', 'https://[::ffff:127.0.0.1]/'],
    ['NAT64', 'https://[64:ff9b::a00:1]/'],
    ['the unspecified address', 'https://0.0.0.0/'],
  ])('refuses %s', async (_name, url) => {
    expect(await checkWebhookUrl(strict, url)).toMatchObject({ ok: false, code: 'webhook.url_private_address' });
  });

  it('refuses a DNS name when any address it resolves to is internal', async () => {
    expect(await checkWebhookUrl(strict, 'https://rebind.example.com/', lookupTo('10.1.2.3'))).toMatchObject({
      ok: false,
      code: 'webhook.url_private_address',
    });
    expect(await checkWebhookUrl(strict, 'https://mixed.example.com/', lookupTo('93.184.215.14', '169.254.169.254'))).toMatchObject({
      ok: false,
      code: 'webhook.url_private_address',
    });
    expect(await checkWebhookUrl(strict, 'https://localhost/hook')).toMatchObject({ ok: false, code: 'webhook.url_private_address' });
  });

  it('refuses http unless allowed, and then only for loopback; loopback itself needs WEBHOOK_ALLOW_PRIVATE', async () => {
    expect(await checkWebhookUrl(strict, 'http://127.0.0.1:8080/')).toMatchObject({ ok: false, code: 'webhook.url_not_https' });
    const httpOnly = { allowHttp: true, allowPrivate: false };
    expect(await checkWebhookUrl(httpOnly, 'http://hooks.example.com/', lookupTo('93.184.215.14'))).toMatchObject({
      ok: false,
      code: 'webhook.url_http_loopback_only',
    });
    expect(await checkWebhookUrl(httpOnly, 'http://127.0.0.1:8080/')).toMatchObject({ ok: false, code: 'webhook.url_private_address' });
    const local = { allowHttp: true, allowPrivate: true };
    expect(await checkWebhookUrl(local, 'http://127.0.0.1:8080/')).toMatchObject({ ok: true, target: { address: '127.0.0.1' } });
    expect(await checkWebhookUrl(local, 'http://intranet.example.com/', lookupTo('10.0.0.1'))).toMatchObject({
      ok: false,
      code: 'webhook.url_http_loopback_only',
    });
    expect(await checkWebhookUrl(local, 'https://intranet.example.com/', lookupTo('10.0.0.1'))).toMatchObject({ ok: true });
  });

  it('refuses what is not an address, other schemes, credentials and names that do not resolve', async () => {
    expect(await checkWebhookUrl(strict, 'not a url')).toMatchObject({ ok: false, code: 'webhook.url_invalid' });
    expect(await checkWebhookUrl(strict, 'ftp://example.com/')).toMatchObject({ ok: false, code: 'webhook.url_invalid' });
    expect(await checkWebhookUrl(strict, 'https://user:pw@example.com/')).toMatchObject({ ok: false, code: 'webhook.url_invalid' });
    expect(await checkWebhookUrl(strict, 'https://nowhere.invalid/', failing)).toMatchObject({ ok: false, code: 'webhook.url_unresolvable' });
  });
});
