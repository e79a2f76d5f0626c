import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';

/**
 * How every screen shows a phone number: international format (`+1 415 555 0123`), whatever way
 * it was stored (E.164 from the phone field, or older free text). A national number is read in the
 * user's country when it is known. Text that is not a phone number is shown as it is; nothing
 * gives null, so callers choose their own placeholder (`formatPhone(x) ?? '—'`).
 */
export function formatPhone(value: string | null | undefined, country?: string | null): string | null {
  const text = value?.trim();
  if (!text) return null;
  const parsed = parsePhoneNumberFromString(text, (country?.trim().toUpperCase() || undefined) as CountryCode | undefined);
  return parsed ? parsed.formatInternational() : text;
}
