import { describe, expect, it } from 'vitest';
import { inboxMessages, messages } from '@copydesk/shared';
import { contractDrift } from './contract';
import { json } from './utils';

describe('mock answers checked against the endpoint table', () => {
  it('accepts an answer that fits the response schema of its status', async () => {
    expect(await contractDrift('GET', '/api/message/unread', json(200, { count: 2 }))).toBeNull();
    expect(await contractDrift('POST', '/api/message/3/reply', json(201, { message: inboxMessages.replySent, id: 9 }))).toBeNull();
  });

  it('names the call and the problem when the answer drifts', async () => {
    const drift = await contractDrift('GET', '/api/coupon/7?x=1', json(200, { data: { id: 'seven' } }));
    expect(drift).toContain('GET /api/coupon/7?x=1 (endpoints.getCoupon)');
    expect(drift).toContain('coupon_code');
    expect(await contractDrift('POST', '/api/message', json(200, { message: 'Sent', id: 1 }))).toContain('the mock answers 200, the contract answers 201');
  });

  it('leaves alone error answers, files, page loads and calls outside the table', async () => {
    expect(await contractDrift('GET', '/api/coupon/7', json(404, { message: messages.notFound }))).toBeNull();
    expect(await contractDrift('GET', '/api/profile-pictures/a.png', new Response('png'))).toBeNull();
    expect(await contractDrift('GET', '/api/socialredirect', new Response(null, { status: 200 }))).toBeNull();
    expect(await contractDrift('GET', '/elsewhere', json(200, {}))).toBeNull();
  });
});
