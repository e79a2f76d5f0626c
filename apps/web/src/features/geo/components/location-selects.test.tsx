import { useState } from 'react';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, pickIn, renderRoute, route, type FetchCall } from '@/test/utils';
import { LocationSelects, type LocationValue } from './location-selects';

/** Country → State → City: a state without a city list takes a typed city. */

const COUNTRIES = {
  data: [
    { id: 'GB', name: 'United Kingdom' },
    { id: 'US', name: 'United States' },
  ],
};
const STATES: Record<string, { data: { id: string; name: string }[] }> = {
  GB: {
    data: [
      { id: 'GB-CMA', name: 'Cumbria' },
      { id: 'GB-ENG', name: 'England' },
    ],
  },
  US: { data: [{ id: 'US-IL', name: 'Illinois' }] },
};
const CITIES: Record<string, { data: { id: string; name: string }[] }> = {
  'GB-CMA': { data: [] },
  'GB-ENG': { data: [{ id: 'London', name: 'London' }] },
  'US-IL': {
    data: [
      { id: 'Chicago', name: 'Chicago' },
      { id: 'Springfield', name: 'Springfield' },
    ],
  },
};

const empty: LocationValue = { country_id: null, country: null, state_id: null, state: null, city: null };

function renderSelects(cities: (call: FetchCall, state: string) => Response = (_call, state) => json(200, CITIES[state])) {
  const seen: LocationValue[] = [];
  mockApi((call) => {
    const key = route(call);
    if (key === 'GET /api/getCounties') return json(200, COUNTRIES);
    const state = key.match(/^GET \/api\/getStatesByCounties\/(\w+)$/);
    if (state) return json(200, STATES[state[1]!]);
    const city = key.match(/^GET \/api\/getCitiesByStates\/([\w-]+)$/);
    if (city) return cities(call, city[1]!);
  });
  function Form() {
    const [value, setValue] = useState(empty);
    return (
      <LocationSelects
        value={value}
        required
        onChange={(next) => {
          seen.push(next);
          setValue(next);
        }}
      />
    );
  }
  const view = renderRoute('/', [{ path: '/', element: <Form /> }]);
  return { ...view, last: () => seen.at(-1) };
}

const combobox = (name: string) => screen.getByRole('combobox', { name });

async function choose(user: ReturnType<typeof renderSelects>['user'], country: string, state: string) {
  await waitFor(() => expect(combobox('Country')).toHaveAttribute('placeholder', 'Select a country'));
  await pickIn(user, combobox('Country'), country);
  await waitFor(() => expect(combobox('State')).toBeEnabled());
  await pickIn(user, combobox('State'), state);
}

describe('LocationSelects', () => {
  it('gives a state without a city list a free-text City field, whose text is the city', async () => {
    const { user, last } = renderSelects();
    await choose(user, 'United Kingdom', 'Cumbria');

    const city = await screen.findByRole('textbox', { name: 'City' });
    expect(screen.queryByRole('combobox', { name: 'City' })).not.toBeInTheDocument();
    expect(city).toBeRequired();
    expect(city).toHaveAttribute('autocomplete', 'address-level2');
    await user.type(city, 'Carlisle');
    expect(city).toHaveValue('Carlisle');
    expect(last()).toEqual({ country_id: 'GB', country: 'United Kingdom', state_id: 'GB-CMA', state: 'Cumbria', city: 'Carlisle' });
  });

  it('keeps the list of a state that has one, and goes back to it from a typed city', async () => {
    const { user, last } = renderSelects();
    await choose(user, 'United Kingdom', 'Cumbria');
    await user.type(await screen.findByRole('textbox', { name: 'City' }), 'Carlisle');

    await pickIn(user, combobox('State'), 'England');
    await waitFor(() => expect(combobox('City')).toBeEnabled());
    expect(screen.queryByRole('textbox', { name: 'City' })).not.toBeInTheDocument();
    await pickIn(user, combobox('City'), 'London');
    expect(last()).toMatchObject({ state_id: 'GB-ENG', city: 'London' });
  });

  it('lets the city be typed when its list cannot load', async () => {
    const { user, last } = renderSelects(() => json(500, { code: 'server.error', message: 'Something went wrong on our side. Please try again.' }));
    await choose(user, 'United States', 'Illinois');
    await user.type(await screen.findByRole('textbox', { name: 'City' }), 'Springfield');
    expect(last()).toMatchObject({ state_id: 'US-IL', city: 'Springfield' });
  });
});
