import { z } from 'zod';

/**
 * Countries, states and cities (country-state-city data). Ids are strings: a country's ISO code
 * (`US`), a state's `<country>-<state code>` (`US-CA`, since state codes repeat across countries),
 * and a city's name (the data gives cities no id).
 */
export const geoItemSchema = z.object({ id: z.string(), name: z.string() });
export type GeoItem = z.infer<typeof geoItemSchema>;
export const geoListSchema = z.object({ data: z.array(geoItemSchema) });
export type GeoList = z.infer<typeof geoListSchema>;

export const countryParamsSchema = z.object({ country: z.string().describe('ISO country code, e.g. US') });
export const stateParamsSchema = z.object({ state: z.string().describe('State id from the states list, e.g. US-CA') });
