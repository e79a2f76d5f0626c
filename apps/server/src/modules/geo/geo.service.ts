import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { type GeoItem, type GeoList } from '@copydesk/shared';
import type { AppContext } from '../../lib/app-context.js';
import { AppError } from '../../lib/app-error.js';

/**
 * Countries, states and cities from the country-state-city data files. The package's main entry
 * loads all 148k cities (+60–90 MB) on import, so nothing here touches it: the JSON assets are
 * read on first use (countries and states together, ≈ 650 KB; cities only when a city list is
 * asked for), indexed per country and per state, and every answer is cached — the data never
 * changes while the server runs.
 */

const require = createRequire(import.meta.url);
const assetPath = (name: 'country' | 'state' | 'city') => require.resolve(`country-state-city/lib/cjs/assets/${name}.json`);

interface CountryRow {
  isoCode: string;
  name: string;
}
interface StateRow {
  isoCode: string;
  countryCode: string;
  name: string;
}
/** [name, countryCode, stateCode, latitude, longitude] */
type CityRow = [string, string, string, ...unknown[]];

interface Regions {
  countries: GeoList;
  countryNames: Map<string, string>;
  /** Country code → its states, sorted. */
  statesByCountry: Map<string, GeoList>;
  /** State id (`US-CA`) → state name. */
  stateNames: Map<string, string>;
}

const collator = new Intl.Collator('en', { sensitivity: 'base' });
const byName = (a: GeoItem, b: GeoItem) => collator.compare(a.name, b.name) || a.id.localeCompare(b.id);

async function readJson<T>(name: 'country' | 'state' | 'city'): Promise<T> {
  return JSON.parse(await readFile(assetPath(name), 'utf8')) as T;
}

/** A state's id: state codes are unique only within a country. */
export const stateId = (countryCode: string, stateCode: string) => `${countryCode}-${stateCode}`;

async function loadRegions(): Promise<Regions> {
  const [countryRows, stateRows] = await Promise.all([readJson<CountryRow[]>('country'), readJson<StateRow[]>('state')]);
  const countryNames = new Map(countryRows.map((c) => [c.isoCode, c.name]));
  const grouped = new Map<string, GeoItem[]>();
  const stateNames = new Map<string, string>();
  for (const s of stateRows) {
    const id = stateId(s.countryCode, s.isoCode);
    stateNames.set(id, s.name);
    let list = grouped.get(s.countryCode);
    if (!list) grouped.set(s.countryCode, (list = []));
    list.push({ id, name: s.name });
  }
  const statesByCountry = new Map<string, GeoList>();
  for (const code of countryNames.keys()) statesByCountry.set(code, { data: (grouped.get(code) ?? []).sort(byName) });
  const countries = { data: countryRows.map((c) => ({ id: c.isoCode, name: c.name })).sort(byName) };
  return { countries, countryNames, statesByCountry, stateNames };
}

/** State id → city names, unsorted until a state is first asked for. */
async function loadCities(): Promise<Map<string, string[]>> {
  const rows = await readJson<CityRow[]>('city');
  const index = new Map<string, string[]>();
  for (const [name, countryCode, stateCode] of rows) {
    const id = stateId(countryCode, stateCode);
    let list = index.get(id);
    if (!list) index.set(id, (list = []));
    list.push(name);
  }
  return index;
}

/** Loads once; a failed load is forgotten so the next call tries again. */
function once<T>(load: () => Promise<T>) {
  let pending: Promise<T> | null = null;
  const get = () =>
    (pending ??= load().catch((err) => {
      pending = null;
      throw err;
    }));
  return Object.assign(get, { loaded: () => pending !== null });
}

const regions = once(loadRegions);
const cities = once(loadCities);
const cityLists = new Map<string, GeoList>();

/** Whether the city data has been read (start-up must not read it). */
export const cityDataLoaded = () => cities.loaded();

/** `us` and `US` both name the United States. */
const normaliseCode = (code: string) => code.trim().toUpperCase();

export async function listCountries(_ctx: AppContext): Promise<GeoList> {
  return (await regions()).countries;
}

export async function listStates(_ctx: AppContext, country: string): Promise<GeoList> {
  const list = (await regions()).statesByCountry.get(normaliseCode(country));
  if (!list) throw new AppError('geo.country_not_found');
  return list;
}

export async function listCities(_ctx: AppContext, state: string): Promise<GeoList> {
  const id = normaliseCode(state);
  const cached = cityLists.get(id);
  if (cached) return cached;
  if (!(await regions()).stateNames.has(id)) throw new AppError('geo.state_not_found');
  const names = (await cities()).get(id) ?? [];
  // City names repeat across states but not within one; the set guards against data updates.
  const list = { data: [...new Set(names)].map((name) => ({ id: name, name })).sort(byName) };
  cityLists.set(id, list);
  return list;
}

/** The country of an ISO code, or null. */
export async function findCountry(code: string): Promise<{ id: string; name: string } | null> {
  const id = normaliseCode(code);
  const name = (await regions()).countryNames.get(id);
  return name ? { id, name } : null;
}

/** The state of a state id (`US-CA`), with its country code, or null. */
export async function findState(idOrCode: string): Promise<{ id: string; name: string; countryId: string } | null> {
  const id = normaliseCode(idOrCode);
  const name = (await regions()).stateNames.get(id);
  return name ? { id, name, countryId: id.slice(0, id.indexOf('-')) } : null;
}
