import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@copydesk/shared';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { cityDataLoaded } from './geo.service.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('geography lookups', () => {
  it('does not read the 148k cities at start-up', () => {
    expect(cityDataLoaded()).toBe(false);
  });

  it('lists countries by name with ISO codes as ids, without signing in', async () => {
    const res = await get('/api/getCounties');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('max-age');
    const { data } = res.json() as { data: { id: string; name: string }[] };
    expect(data.length).toBeGreaterThan(200);
    expect(data).toContainEqual({ id: 'US', name: 'United States' });
    expect(data).toContainEqual({ id: 'DE', name: 'Germany' });
    const names = data.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    expect(names[0]).toBe('Afghanistan');
  });

  it('lists the states of a country with country-qualified ids, in either case', async () => {
    const res = await get('/api/getStatesByCounties/US');
    expect(res.statusCode).toBe(200);
    const { data } = res.json() as { data: { id: string; name: string }[] };
    expect(data).toContainEqual({ id: 'US-CA', name: 'California' });
    expect(data).toContainEqual({ id: 'US-NY', name: 'New York' });
    expect(data.every((s) => s.id.startsWith('US-'))).toBe(true);
    expect(data[0]!.name).toBe('Alabama');
    expect((await get('/api/getStatesByCounties/us')).json()).toEqual(res.json());
  });

  it('keeps states of different countries apart (state codes repeat across countries)', async () => {
    const au = (await get('/api/getStatesByCounties/AU')).json().data as { id: string; name: string }[];
    expect(au).toContainEqual({ id: 'AU-WA', name: 'Western Australia' });
    const waCities = (await get('/api/getCitiesByStates/AU-WA')).json().data as { id: string; name: string }[];
    const usWaCities = (await get('/api/getCitiesByStates/US-WA')).json().data as { id: string; name: string }[];
    expect(waCities.map((c) => c.name)).toContain('Perth');
    expect(usWaCities.map((c) => c.name)).toContain('Seattle');
    expect(usWaCities.map((c) => c.name)).not.toContain('Perth');
  });

  it('lists the cities of a state by name, the name being the id', async () => {
    const res = await get('/api/getCitiesByStates/US-CA');
    expect(res.statusCode).toBe(200);
    const { data } = res.json() as { data: { id: string; name: string }[] };
    expect(data).toContainEqual({ id: 'San Francisco', name: 'San Francisco' });
    expect(data).toContainEqual({ id: 'Los Angeles', name: 'Los Angeles' });
    const names = data.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    expect(cityDataLoaded()).toBe(true);
  });

  it('answers a state with no cities in the data with an empty list', async () => {
    const states = (await get('/api/getStatesByCounties/US')).json().data as { id: string }[];
    const results = await Promise.all(states.map((s) => get(`/api/getCitiesByStates/${s.id}`)));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(results.some((r) => r.json().data.length === 0)).toBe(true);
  });

  it('state codes that contain a dash still resolve', async () => {
    const gb = (await get('/api/getStatesByCounties/GB')).json().data as { id: string; name: string }[];
    const dashed = gb.find((s) => s.id.split('-').length > 2);
    expect(dashed).toBeDefined();
    expect((await get(`/api/getCitiesByStates/${dashed!.id}`)).statusCode).toBe(200);
  });

  it('answers 404 with a clear message for an unknown country or state', async () => {
    for (const url of ['/api/getStatesByCounties/XX', '/api/getStatesByCounties/United%20States', '/api/getStatesByCounties/%20']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ code: 'geo.country_not_found', message: messages.countryUnknown });
    }
    for (const url of ['/api/getCitiesByStates/US-XX', '/api/getCitiesByStates/CA', '/api/getCitiesByStates/XX-CA', '/api/getCitiesByStates/-']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ code: 'geo.state_not_found', message: messages.stateUnknown });
    }
  });

  it('documents the three lookups in OpenAPI', async () => {
    const paths = Object.keys((await get('/api/docs/json')).json().paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/getCounties', '/api/getStatesByCounties/{country}', '/api/getCitiesByStates/{state}']));
  });
});
