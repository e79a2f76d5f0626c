import { countryParamsSchema, geoListSchema, stateParamsSchema } from '../schemas/geo.js';
import { defineEndpoint } from './define.js';
import { routes } from './routes.js';

const tags = ['geography'];

/** Lookup lists for the sign-up and profile forms; public (the spec's spellings of the paths). */
export const geoEndpoints = {
  listCountries: defineEndpoint({
    ...routes.listCountries,
    access: 'public',
    summary: 'All countries, by name (id = ISO code)',
    tags,
    response: { 200: geoListSchema },
  }),
  listStates: defineEndpoint({
    ...routes.listStates,
    access: 'public',
    summary: 'States of a country, by name (id = <country>-<state code>)',
    tags,
    params: countryParamsSchema,
    response: { 200: geoListSchema },
  }),
  listCities: defineEndpoint({
    ...routes.listCities,
    access: 'public',
    summary: 'Cities of a state, by name (id = the name)',
    tags,
    params: stateParamsSchema,
    response: { 200: geoListSchema },
  }),
};
