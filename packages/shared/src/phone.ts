import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import { messages } from './messages.js';
import { PHONE_MAX } from './constants.js';

/**
 * Phone numbers, by one rule in the browser and on the server (docs/decisions/0035-phone-numbers-and-postal-codes.md):
 * libphonenumber-js reads the number, a national one in the country of the phone input, and takes
 * it when its length is possible for its calling code. It does not ask whether the number lies in
 * a range its metadata lists as assigned (`isValid`): that list lags behind the numbering plans and
 * refused numbers the phone field had just formatted, such as +44 7700 900123. Numbers are stored
 * in E.164.
 */

export type ParsedPhone = {
  /** E.164: `+447700900123`. */
  number: string;
  /** The ISO country when the number names one (`+44` is shared by GB, GG, IM and JE), else null. */
  country: string | null;
};

/** The ISO country a phone input names (`us` and `US` both name the United States), or undefined for anything else. */
export function phoneCountry(country: string | null | undefined): CountryCode | undefined {
  const code = country?.trim().toUpperCase();
  return code && isSupportedCountry(code) ? code : undefined;
}

/** The number in E.164 and its country, or null when it is not a phone number the portal takes. */
export function parsePhone(raw: string | null | undefined, country?: string | null): ParsedPhone | null {
  const text = raw?.trim();
  if (!text || text.length > PHONE_MAX) return null;
  const parsed = parsePhoneNumberFromString(text, phoneCountry(country));
  if (!parsed?.isPossible()) return null;
  return { number: parsed.number, country: parsed.country ?? null };
}

/** What is wrong with a typed number, for the field and the API alike; null when it is fine or empty. */
export function phoneProblem(raw: string | null | undefined, country?: string | null): string | null {
  if (!raw?.trim()) return null;
  return parsePhone(raw, country) ? null : messages.phoneInvalid;
}
