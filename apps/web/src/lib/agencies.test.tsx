import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appWrapper, json, mockApi, route } from '@/test/utils';
import { useAgencies } from './agencies';
import { queryKeys } from './query-keys';

const acme = { id: 31, name: 'Alex Agency', email: 'alex@acme.test', company_name: 'Acme Media', status: 1 };
const beta = { id: 32, name: 'Bea Boss', email: 'bea@beta.test', company_name: 'Beta Words', status: 1 };

describe('useAgencies', () => {
  it('is refreshed by what adding, editing or deactivating a user invalidates, so every agency picker lists a new agency', async () => {
    let agencies = [acme];
    const calls = mockApi((call) => (route(call) === 'GET /api/user/getuserbyrole/agency' ? json(200, { data: agencies }) : undefined));
    const { client, Wrapper } = appWrapper();
    const { result } = renderHook(() => useAgencies(), { wrapper: Wrapper });
    await waitFor(() => expect(result.current.data?.data).toEqual([acme]));

    agencies = [acme, beta];
    await act(() => client.invalidateQueries({ queryKey: queryKeys.users.all }));
    await waitFor(() => expect(result.current.data?.data).toEqual([acme, beta]));
    expect(calls.filter((call) => route(call) === 'GET /api/user/getuserbyrole/agency')).toHaveLength(2);
  });

  it('asks nothing while disabled (the balance dialog before it opens)', async () => {
    const calls = mockApi(() => json(200, { data: [acme] }));
    const { Wrapper } = appWrapper();
    const { result } = renderHook(() => useAgencies(false), { wrapper: Wrapper });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current.fetchStatus).toBe('idle');
    expect(calls).toHaveLength(0);
  });
});
