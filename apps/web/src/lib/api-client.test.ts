import { describe, expect, it } from 'vitest';
import { couponMessages, messages } from '@copydesk/shared';
import { json, makeUser, mockApi, signIn } from '@/test/utils';
import { ApiError, call, endpointUrl, NETWORK_ERROR, request } from './api-client';
import { getSession } from './auth';

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

describe('api client', () => {
  it('calls /api with the bearer token, X-Requested-With and a JSON body', async () => {
    signIn('agency');
    const calls = mockApi(() => json(200, { message: messages.passwordChanged }));

    await expect(request('/update/password', { method: 'POST', body: { password: 'longenough' } })).resolves.toEqual({ message: messages.passwordChanged });

    expect(calls[0].url).toBe('/api/update/password');
    expect(calls[0].method).toBe('POST');
    expect(calls[0].headers.get('Authorization')).toBe('Bearer test-token');
    expect(calls[0].headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(calls[0].headers.get('Content-Type')).toBe('application/json');
    expect(calls[0].body).toEqual({ password: 'longenough' });
  });

  it('sends a request in a task after the one that asked for it, and nothing once it is cancelled meanwhile', async () => {
    const calls = mockApi(() => json(200, { data: [] }));
    const asked = request('/getCounties');
    // Every microtask of the asking task has run: fetch() has not been called yet.
    for (let i = 0; i < 20; i += 1) await Promise.resolve();
    expect(calls).toHaveLength(0);
    await asked;
    expect(calls).toHaveLength(1);

    const abort = new AbortController();
    const cancelled = request('/getCounties', { signal: abort.signal });
    abort.abort();
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' });
    expect(calls).toHaveLength(1);
  });

  it('sends no Authorization header when nobody is signed in', async () => {
    const calls = mockApi(() => json(200, { data: [] }));
    await request('/getCounties');
    expect(calls[0].headers.has('Authorization')).toBe(false);
  });

  it('turns a 422 body into an ApiError with field errors, first message first', async () => {
    mockApi(() =>
      json(422, {
        code: 'validation.failed',
        message: 'The given data was invalid.',
        errors: { 'sign.email': ['The sign.email has already been taken.'], 'sign.name': ['Name is required.'] },
      }),
    );

    const error = await failure(request('/register', { method: 'POST', body: { sign: {} } }));

    expect(error.status).toBe(422);
    expect(error.code).toBe('validation.failed');
    expect(error.message).toBe('The given data was invalid.');
    expect(error.firstMessage).toBe('The sign.email has already been taken.');
    expect(error.fieldErrors('sign')).toEqual({
      email: 'The sign.email has already been taken.',
      name: 'Name is required.',
    });
    expect(error.allMessages).toEqual(['The sign.email has already been taken.', 'Name is required.']);
  });

  it('uses the server message when there are no field errors', async () => {
    mockApi(() => json(403, { code: 'auth.email_unverified', message: messages.verifyEmailFirst }));
    const error = await failure(request('/login', { method: 'POST', body: {} }));
    expect(error.status).toBe(403);
    expect(error.code).toBe('auth.email_unverified');
    expect(error.firstMessage).toBe(messages.verifyEmailFirst);
  });

  it('exposes the server’s error code, or its status’s generic one when the body has none', async () => {
    mockApi(() => json(409, { code: 'content.no_revisions_left', message: 'No revisions left for this item.' }));
    expect((await failure(request('/content/revision/3', { method: 'POST', body: {} }))).code).toBe('content.no_revisions_left');
    mockApi(() => json(403, { message: messages.forbidden }));
    expect((await failure(request('/getInfo'))).code).toBe('auth.forbidden');
    // Anything without a code's shape (a proxy's or a library's own code) is not taken for one.
    mockApi(() => json(422, { code: 'ECONNRESET', message: messages.invalidData }));
    expect((await failure(request('/getInfo'))).code).toBe('validation.failed');
  });

  it('falls back to a readable message when the body is not JSON', async () => {
    mockApi(() => new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }));
    const error = await failure(request('/getInfo'));
    expect(error.status).toBe(502);
    expect(error.code).toBe('server.error');
    expect(error.message).toBe(messages.serverError);
  });

  it('reports a dropped connection as status 0', async () => {
    mockApi(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await failure(request('/getInfo'));
    expect(error.status).toBe(0);
    expect(error.code).toBe(NETWORK_ERROR);
    expect(error.message).toBe(messages.networkError);
  });

  it('clears the stored session when an authenticated call answers 401', async () => {
    signIn('agency');
    mockApi(() => json(401, { message: messages.unauthenticated }));

    const error = await failure(request('/getInfo'));

    expect(error.status).toBe(401);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('userId')).toBeNull();
    expect(getSession().token).toBeNull();
  });

  it('keeps other stored data when a visitor call answers 401', async () => {
    localStorage.setItem('sendto', 'new@example.com');
    mockApi(() => json(401, { message: messages.invalidCredentials }));

    const error = await failure(request('/login', { method: 'POST', body: { email: 'a@b.co', password: 'x' } }));

    expect(error.message).toBe(messages.invalidCredentials);
    expect(localStorage.getItem('sendto')).toBe('new@example.com');
  });

  it('does not clear the session on a 403', async () => {
    signIn('associate');
    mockApi(() => json(403, { message: messages.forbidden }));
    await failure(request('/user'));
    expect(localStorage.getItem('token')).toBe('test-token');
  });

  it('sends FormData as multipart, without a JSON content type', async () => {
    signIn('agency');
    const calls = mockApi(() => json(200, { message: messages.photoUpdated, user: makeUser('agency') }));
    const form = new FormData();
    form.append('file', new Blob(['x'], { type: 'image/png' }), 'me.png');
    await request('/updateProfilePic', { method: 'POST', body: form });
    expect(calls[0].body).toBeInstanceOf(FormData);
    expect(calls[0].headers.has('Content-Type')).toBe(false);
  });
});

describe('calls through the endpoint table', () => {
  const coupon = {
    id: 7,
    coupon_code: 'SPRING',
    type: 'fixed',
    amount: 5,
    user_id: '',
    expiry: '2099-01-31',
    limit: 3,
    used: 0,
    status: 1,
    created_at: '2024-01-01',
  };

  it('fills in and encodes the path parameters, and sends the method and JSON body of the entry', async () => {
    signIn('admin');
    const applied = { id: 7, coupon_code: 'A/B 1?', type: 'fixed', amount: 5, message: couponMessages.applied };
    const calls = mockApi((c) => (c.method === 'PATCH' ? json(200, { message: messages.couponUpdated, data: coupon }) : json(200, applied)));

    await expect(call('updateCoupon', { params: { id: 7 }, body: { limit: 3 } })).resolves.toEqual({
      message: messages.couponUpdated,
      data: coupon,
    });
    await expect(call('applyCoupon', { params: { code: 'A/B 1?' } })).resolves.toEqual(applied);

    expect(calls[0]).toMatchObject({ url: '/api/coupon/7', method: 'PATCH', body: { limit: 3 } });
    expect(calls[0].headers.get('Authorization')).toBe('Bearer test-token');
    expect(calls[1]).toMatchObject({ url: '/api/apply-coupon/A%2FB%201%3F', method: 'GET' });
  });

  it('sends the query without its empty values', async () => {
    signIn('admin');
    const calls = mockApi(() => json(200, { data: [], meta: { from: null, to: null, total: 0, last_page: 1, current_page: 2, per_page: 5 } }));

    await call('listCoupons', { query: { page: 2, keyword: '', from: undefined } });

    expect(calls[0].url).toBe('/api/coupon?page=2');
  });

  it('gives the URL of a download or a page load', () => {
    expect(endpointUrl('getProfilePicture', { file: 'a b.png' })).toBe('/api/profile-pictures/a%20b.png');
    expect(endpointUrl('socialRedirect')).toBe('/api/socialredirect');
  });
});
