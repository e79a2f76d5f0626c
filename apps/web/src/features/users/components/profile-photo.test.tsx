import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '@copydesk/shared';
import { json, makeUser, mockApi, renderRoute, route, signIn, type FetchCall } from '@/test/utils';

async function openMyAccount() {
  const auth = signIn('associate');
  const saved = makeUser('associate', { profileImg: '/api/profile-pictures/7.png' });
  const calls = mockApi((call) => {
    if (route(call) === 'GET /api/getInfo') return json(200, { user: auth.user });
    if (route(call) === 'POST /api/updateProfilePic') return json(200, { message: messages.photoUpdated, user: saved });
  });
  renderRoute('/my-account');
  await screen.findByRole('heading', { name: 'My Account' });
  // The file input behind the button; accept filtering off so wrong types reach the check.
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  return { calls, input, user: userEvent.setup({ applyAccept: false }) };
}

const uploads = (calls: FetchCall[]) => calls.filter((c) => c.url === '/api/updateProfilePic');

describe('profile photo', () => {
  it('refuses a file that is not an image', async () => {
    const { calls, input, user } = await openMyAccount();
    await user.upload(input, new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText(messages.photoType)).toBeInTheDocument();
    expect(uploads(calls)).toHaveLength(0);
  });

  it('refuses an image over 5 MB', async () => {
    const { calls, input, user } = await openMyAccount();
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await user.upload(input, big);
    expect(await screen.findByText(messages.photoTooLarge)).toBeInTheDocument();
    expect(uploads(calls)).toHaveLength(0);
  });

  it('uploads the picture as the multipart field "file" and shows it', async () => {
    const { calls, input, user } = await openMyAccount();
    await user.upload(input, new File(['png'], 'me.png', { type: 'image/png' }));

    expect(await screen.findByText(messages.photoUpdated)).toBeInTheDocument();
    const body = uploads(calls)[0].body as FormData;
    expect((body.get('file') as File).name).toBe('me.png');
    expect(JSON.parse(localStorage.getItem('userId')!).user.profileImg).toBe('/api/profile-pictures/7.png');
  });
});
