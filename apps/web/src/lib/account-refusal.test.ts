import { describe, expect, it, vi } from 'vitest';
import { messages, userMessages, type ErrorCode } from '@copydesk/shared';
import { FakeXhr } from '@/test/fake-xhr';
import { json, mockApi, signIn } from '@/test/utils';
import { ApiError, call, fetchFile } from './api-client';
import { getSession } from './auth';
import { notify } from './notify';

/**
 * A 403 saying the account itself may no longer be used (its code, not its text) ends the session
 * and is shown once, whichever way the refused call went: a JSON call, an upload with progress or
 * a file download.
 */
const ways: [string, () => Promise<unknown>][] = [
  ['a JSON call', () => call('getInfo')],
  ['an upload', () => call('uploadDocument', { params: { id: 3 }, body: new FormData(), onProgress: () => {} })],
  ['a download', () => fetchFile('exportOrder', { params: { id: 3 } })],
];

async function refusedWith(status: number, code: ErrorCode, message: string, send: () => Promise<unknown>): Promise<ApiError> {
  FakeXhr.install({ status, body: { code, message } }, 1);
  mockApi(() => json(status, { code, message }));
  const error = await send().then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe.each(ways)('%s refused mid-session', (_, send) => {
  it.each([
    ['auth.account_deactivated', messages.accountDeactivated],
    ['auth.agency_deactivated', userMessages.agencyDeactivated],
    ['auth.link_session_only', messages.linkSessionOnly],
  ] as const)('with 403 %s ends the session and says why, once', async (code, message) => {
    signIn('agency');
    const shown = vi.spyOn(notify, 'error');

    const error = await refusedWith(403, code, message, send);

    expect(error.status).toBe(403);
    expect(error.code).toBe(code);
    expect(error.message).toBe(message);
    expect(getSession().token).toBeNull();
    expect(localStorage.getItem('userId')).toBeNull();
    expect(shown).toHaveBeenCalledTimes(1);
    expect(shown).toHaveBeenCalledWith(message);
    // Already shown: the screens' error reporting does not toast it a second time.
    expect(error.shown).toBe(true);
  });

  it('with any other 403 keeps the session and leaves the message to the screen', async () => {
    signIn('agency');
    const shown = vi.spyOn(notify, 'error');

    const error = await refusedWith(403, 'auth.forbidden', messages.forbidden, send);

    expect(error.message).toBe(messages.forbidden);
    expect(getSession().token).toBe('test-token');
    expect(shown).not.toHaveBeenCalled();
    expect(error.shown).toBe(false);
  });

  it('goes by the code, not the text: another 403 in the same words keeps the session', async () => {
    signIn('agency');
    const shown = vi.spyOn(notify, 'error');

    const error = await refusedWith(403, 'auth.forbidden', messages.accountDeactivated, send);

    expect(getSession().token).toBe('test-token');
    expect(shown).not.toHaveBeenCalled();
    expect(error.shown).toBe(false);
  });

  it('with 401 ends the session without a message of its own', async () => {
    signIn('agency');
    const shown = vi.spyOn(notify, 'error');

    const error = await refusedWith(401, 'auth.unauthenticated', messages.unauthenticated, send);

    expect(error.status).toBe(401);
    expect(getSession().token).toBeNull();
    expect(shown).not.toHaveBeenCalled();
  });
});
