/**
 * Money is integer cents everywhere; the API carries dollars as numbers with at most 2 decimals
 * (docs/decisions/0001-integer-cents.md). These are the only conversions.
 */
export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

/** `12.5` → 1250. Returns null for anything that is not a finite amount with at most 2 decimals. */
export function dollarsToCents(dollars: number): number | null {
  if (!Number.isFinite(dollars)) return null;
  const cents = Math.round(dollars * 100);
  return Math.abs(cents - dollars * 100) < 1e-6 && Number.isSafeInteger(cents) ? cents : null;
}

export function formatMoney(cents: number, currency = '$'): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  // Grouped by hand as en-US groups it: the first toLocaleString of a page loads the locale's
  // number data, about 20 ms of main thread in the draw that first shows a balance.
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${currency}${whole}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * A dollar amount as the API carries it (`12.5`), shown as money (`$12.50`): the one way screens
 * format API dollars. An amount with a third decimal is rounded to the cent, never shown as $0.00;
 * a missing amount is shown as an em dash.
 */
export function formatDollars(dollars: number | null | undefined, currency = '$'): string {
  if (dollars === null || dollars === undefined || !Number.isFinite(dollars)) return '—';
  return formatMoney(amountToCents(dollars), currency);
}

/**
 * A dollar amount as the API carries it, in cents for arithmetic (a line total, a sum): rounded to
 * the cent as `formatDollars` shows it; a missing amount counts as 0.
 */
export function amountToCents(dollars: number | null | undefined): number {
  return dollars === null || dollars === undefined || !Number.isFinite(dollars) ? 0 : Math.round(dollars * 100);
}
