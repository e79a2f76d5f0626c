import { messages } from '@copydesk/shared';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import type { Invalid } from './card-form';

/** A failed money call: the server's message as an error toast, the fields it names in red. */
export function showServerError(error: unknown, mark: (invalid: Invalid) => void) {
  if (!(error instanceof ApiError)) return notify.error(messages.serverError);
  const fields = error.fieldErrors('paymentInfo');
  mark(Object.fromEntries(Object.keys(fields).map((key) => [key, true])));
  notify.error(error.firstMessage);
}
