import { ApiError } from '@/lib/api-client';
import type { Invalid } from './card-form';

/**
 * The fields a failed money call names (`paymentInfo.cardNumber` → cardNumber), to mark in red.
 * The marks carry no text: the server's messages are the toast (lib/server-errors.ts).
 */
export function serverInvalid(error: unknown): Invalid {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(Object.keys(error.fieldErrors('paymentInfo')).map((key) => [key, true]));
}
