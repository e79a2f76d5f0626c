import { act, renderHook, screen, waitFor } from '@testing-library/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '@copydesk/shared';
import { appWrapper, json, mockApi, signIn } from '@/test/utils';
import { ApiError, request } from './api-client';
import { formFieldErrors, reportServerError } from './server-errors';

/** Hooks under the app's providers, with the app's query client (its central error report). */
const wrapper = () => appWrapper();

const refused = new ApiError(422, 'The given data was invalid.', { code: ['The code has already been taken.'], amount: ['The amount must be at least 1.'] });

describe('server errors are shown once, centrally', () => {
  it('a failed mutation shows every server message in one toast', async () => {
    const { Wrapper } = wrapper();
    const { result } = renderHook(() => useMutation({ mutationFn: () => Promise.reject(refused) }), { wrapper: Wrapper });
    act(() => result.current.mutate());
    expect(await screen.findByText('The code has already been taken.')).toBeInTheDocument();
    expect(screen.getByText('The amount must be at least 1.')).toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('a failure that is not the server’s answer shows the generic message', async () => {
    const { Wrapper } = wrapper();
    const { result } = renderHook(() => useMutation({ mutationFn: () => Promise.reject(new TypeError('boom')) }), { wrapper: Wrapper });
    act(() => result.current.mutate());
    expect(await screen.findByText(messages.serverError)).toBeInTheDocument();
  });

  it('a call that shows its own failure opts out with meta.errorToast = false', async () => {
    const { Wrapper } = wrapper();
    const { result } = renderHook(() => useMutation({ mutationFn: () => Promise.reject(refused), meta: { errorToast: false } }), { wrapper: Wrapper });
    act(() => result.current.mutate());
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(screen.queryByText('The code has already been taken.')).not.toBeInTheDocument();
  });

  it('an ended session (401) shows no toast: the route guard takes over', async () => {
    const { Wrapper } = wrapper();
    const { result } = renderHook(() => useMutation({ mutationFn: () => Promise.reject(new ApiError(401, messages.unauthenticated)) }), {
      wrapper: Wrapper,
    });
    act(() => result.current.mutate());
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(screen.queryByText(messages.unauthenticated)).not.toBeInTheDocument();
  });

  it('a query that fails on its first load leaves it to the screen; one that fails with data on screen toasts', async () => {
    const { Wrapper } = wrapper();
    let fail = true;
    const { result } = renderHook(
      () =>
        useQuery({
          queryKey: ['probe'],
          queryFn: () => (fail ? Promise.reject(new ApiError(500, 'Listing failed.')) : Promise.resolve('rows')),
        }),
      { wrapper: Wrapper },
    );
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(screen.queryByText('Listing failed.')).not.toBeInTheDocument();

    fail = false;
    await act(() => result.current.refetch());
    await waitFor(() => expect(result.current.data).toBe('rows'));
    fail = true;
    await act(() => result.current.refetch());
    expect(await screen.findByText('Listing failed.')).toBeInTheDocument();
  });

  it('a 401 on a call that signs in is the answer (wrong credentials), so it is shown', async () => {
    const { Wrapper } = wrapper();
    renderHook(() => null, { wrapper: Wrapper });
    act(() => reportServerError(new ApiError(401, messages.invalidCredentials), { signIn: true }));
    expect(await screen.findByText(messages.invalidCredentials)).toBeInTheDocument();
  });
});

describe('an account refusal (403, deactivated)', () => {
  it('mid-session is shown once, by the API client that ends the session, not again by the handler', async () => {
    signIn('associate');
    mockApi(() => json(403, { code: 'auth.account_deactivated', message: messages.accountDeactivated }));
    const show = vi.spyOn(notifications, 'show');
    const { Wrapper } = wrapper();
    const { result } = renderHook(() => useMutation({ mutationFn: () => request('/user') }), { wrapper: Wrapper });
    act(() => result.current.mutate());
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(show).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('when signing in (no session yet) is the answer, and shown', async () => {
    mockApi(() => json(403, { code: 'auth.account_deactivated', message: messages.accountDeactivated }));
    const { Wrapper } = wrapper();
    const { result } = renderHook(() => useMutation({ mutationFn: () => request('/login', { method: 'POST', body: {} }) }), { wrapper: Wrapper });
    act(() => result.current.mutate());
    expect(await screen.findByText(messages.accountDeactivated)).toBeInTheDocument();
  });
});

describe('a form that shows field errors itself', () => {
  it('gets the first message of each field it shows, and no toast when it shows them all', async () => {
    const { Wrapper } = wrapper();
    renderHook(() => null, { wrapper: Wrapper });
    const error = new ApiError(422, 'The given data was invalid.', { 'sign.email': ['Taken.', 'Second.'], 'sign.countryCode': ['Bad code.'] });
    let onForm = {};
    act(() => {
      onForm = formFieldErrors(error, ['email', 'phone'], { prefix: 'sign', rename: { countryCode: 'phone' } });
    });
    expect(onForm).toEqual({ email: 'Taken.', phone: 'Bad code.' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('toasts the messages of fields it does not have', async () => {
    const { Wrapper } = wrapper();
    renderHook(() => null, { wrapper: Wrapper });
    act(() => void formFieldErrors(refused, ['code']));
    expect(await screen.findByText('The amount must be at least 1.')).toBeInTheDocument();
    expect(screen.queryByText('The code has already been taken.')).not.toBeInTheDocument();
  });

  it('toasts the whole failure when it names none of its fields', async () => {
    const { Wrapper } = wrapper();
    renderHook(() => null, { wrapper: Wrapper });
    let onForm = {};
    act(() => {
      onForm = formFieldErrors(new ApiError(403, messages.forbidden), ['code']);
    });
    expect(onForm).toEqual({});
    expect(await screen.findByText(messages.forbidden)).toBeInTheDocument();
  });
});
