import { couponScreenMessages, formatDollars, type Coupon } from '@copydesk/shared';
import type { AgencyOption } from '@/lib/agencies';

/** A fixed coupon is money off ($5.00), a percentage one a share of the order (12.5%). */
export const couponAmountText = (coupon: Pick<Coupon, 'type' | 'amount'>) => (coupon.type === 'fixed' ? formatDollars(coupon.amount) : `${coupon.amount}%`);

export const couponTypeLabel = (type: Coupon['type']) => (type === 'fixed' ? 'Fixed' : 'Percentage');

/** Today in the admin's calendar, as YYYY-MM-DD (what a date input holds). */
export function todayIso(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * An expiry is a calendar day, not an instant: read as UTC midnight and shown in UTC, so
 * `2026-03-01` is 1 March everywhere (local midnight would be the day before west of Greenwich).
 */
export const formatDay = (ymd: string) => new Date(`${ymd}T00:00:00Z`).toLocaleDateString(undefined, { dateStyle: 'medium', timeZone: 'UTC' });

/** A timestamp, as a day in the admin's time zone. */
export const formatDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

export const isExpired = (expiry: string, today = todayIso()) => expiry < today;

/** `'3,7'` → [3, 7]; `''` → [] (every agency). */
export const agencyIdsOf = (userId: string) =>
  userId
    .split(',')
    .map((part) => part.trim())
    .filter((part) => /^\d+$/.test(part))
    .map(Number);

/** Company first, the person in brackets: two agencies may share a person's name. */
export const agencyLabel = (agency: Pick<AgencyOption, 'name' | 'company_name'>) =>
  agency.company_name ? `${agency.company_name} (${agency.name})` : agency.name;

/** Short names for the list: the company, else the person; an agency no longer listed by its id. */
export function agencyNames(userId: string, agencies: AgencyOption[] | undefined): string[] {
  const ids = agencyIdsOf(userId);
  const byId = new Map((agencies ?? []).map((a) => [a.id, a.company_name || a.name]));
  return ids.map((id) => byId.get(id) ?? `Agency #${id}`);
}

export const agenciesText = (userId: string, agencies: AgencyOption[] | undefined) =>
  agencyNames(userId, agencies).join(', ') || couponScreenMessages.allAgencies;
