import { useMemo } from 'react';
import { TextInput } from '@mantine/core';
import { Select } from '@/components/ui/select';
import { CITY_MAX } from '@copydesk/shared';
import { useCountries, type Place } from '../api/get-countries';
import { useStates } from '../api/get-states';
import { useCities } from '../api/get-cities';

export type LocationValue = {
  country_id: string | null;
  country: string | null;
  state_id: string | null;
  state: string | null;
  city: string | null;
};

export type LocationSelectsProps = {
  value: LocationValue;
  onChange: (value: LocationValue) => void;
  /** Which selects are in error: their message (shown under them), or `true` for a red border alone. */
  invalid?: Partial<Record<'country' | 'state' | 'city', string | boolean>>;
  required?: boolean;
};

const options = (places: Place[] | undefined) => {
  const seen = new Set<string>();
  const out: { value: string; label: string }[] = [];
  for (const place of places ?? []) {
    const value = String(place.id);
    if (seen.has(value)) continue;
    seen.add(value);
    out.push({ value, label: place.name });
  }
  return out;
};

/** Country → State → City, each list loaded from the server when its parent is chosen; a state without cities takes a typed city. */
export function LocationSelects({ value, onChange, invalid = {}, required }: LocationSelectsProps) {
  const countries = useCountries();
  const states = useStates(value.country_id);
  const cities = useCities(value.state_id);

  const countryOptions = useMemo(() => options(countries.data?.data), [countries.data]);
  const stateOptions = useMemo(() => options(states.data?.data), [states.data]);
  // The payload carries the city by name, so names are the option values.
  const cityOptions = useMemo(() => {
    const names = new Set((cities.data?.data ?? []).map((c) => c.name));
    // A city saved earlier stays selectable even if the list no longer has it.
    if (names.size && value.city) names.add(value.city);
    return [...names].map((name) => ({ value: name, label: name }));
  }, [cities.data, value.city]);
  // Most states have no city list (243 of the United Kingdom's 247), and a list that cannot load
  // is no list either: then the city is typed in, and the server takes it as typed.
  const typeCity = Boolean(value.state_id) && ((cities.isSuccess && cityOptions.length === 0) || cities.isError);

  return (
    <>
      <Select
        label="Country"
        placeholder={countries.isLoading ? 'Loading…' : 'Select a country'}
        required={required}
        searchable
        allowDeselect={false}
        data={countryOptions}
        value={value.country_id}
        error={invalid.country}
        nothingFoundMessage="No country matches"
        onChange={(id, option) => {
          if (id === value.country_id) return;
          onChange({ country_id: id, country: option?.label ?? null, state_id: null, state: null, city: null });
        }}
      />
      <Select
        label="State"
        placeholder={value.country_id ? (states.isLoading ? 'Loading…' : 'Select a state') : 'Select a country first'}
        required={required}
        searchable
        allowDeselect={false}
        disabled={!value.country_id}
        data={stateOptions}
        value={value.state_id}
        error={invalid.state}
        nothingFoundMessage="No state matches"
        onChange={(id, option) => {
          if (id === value.state_id) return;
          onChange({ ...value, state_id: id, state: option?.label ?? null, city: null });
        }}
      />
      {typeCity ? (
        <TextInput
          label="City"
          required={required}
          autoComplete="address-level2"
          maxLength={CITY_MAX}
          value={value.city ?? ''}
          error={invalid.city}
          onChange={(e) => onChange({ ...value, city: e.currentTarget.value })}
        />
      ) : (
        <Select
          label="City"
          placeholder={value.state_id ? (cities.isLoading ? 'Loading…' : 'Select a city') : 'Select a state first'}
          required={required}
          searchable
          allowDeselect={false}
          limit={200}
          disabled={!value.state_id}
          data={cityOptions}
          value={value.city}
          error={invalid.city}
          nothingFoundMessage="No city matches"
          onChange={(city) => onChange({ ...value, city })}
        />
      )}
    </>
  );
}
