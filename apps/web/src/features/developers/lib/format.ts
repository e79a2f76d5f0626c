/** A timestamp of the API (ISO 8601, UTC) in the user's locale and time zone: 'Nov 26, 2026, 11:52 PM'. */
export const formatDateTime = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
