import { messages } from '@copydesk/shared';
import { ApiError } from './api-client';
import { notify } from './notify';

/**
 * Server errors are shown once, here: the query client's caches call `reportServerError` for every
 * failed mutation, and for a query that fails while its screen already shows data (a first load
 * that fails is the screen's own ErrorState, with Retry). A call whose screen shows the failure
 * itself — fields marked red, a message beside a card, a redirect — opts out with
 * `meta: { errorToast: false }` and handles it in its own `onError`.
 */
export type ErrorMeta = {
  /** false: this call's screen shows its failures itself; no toast. */
  errorToast?: boolean;
};

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: ErrorMeta;
    mutationMeta: ErrorMeta;
  }
}

/** What a failure says to the user: every server message (one per line), or a generic one. */
export function errorMessages(error: unknown): string[] {
  return error instanceof ApiError ? error.allMessages : [messages.serverError];
}

/** Whether a failure needs a toast at all: an aborted call or an ended session needs none. */
function worthShowing(error: unknown, signIn: boolean): boolean {
  if (error instanceof DOMException && error.name === 'AbortError') return false;
  if (!(error instanceof ApiError)) return true;
  // A 401 means the session ended (the route guard takes the user to /login), except on a call
  // that signs in, where it is the answer: wrong credentials, a used or expired link.
  if (error.status === 401) return signIn;
  // An account refused mid-session was shown by the API client as it ended the session. The same
  // refusal when signing in (no session yet) is this call's answer, and shown here.
  return !error.shown;
}

/**
 * Shows a failed call's messages as one error toast (for failures outside TanStack Query too).
 * `signIn`: the call signs in, so a 401 is shown (see `worthShowing`).
 */
export function reportServerError(error: unknown, { signIn = false }: { signIn?: boolean } = {}): void {
  if (worthShowing(error, signIn)) notify.errorList(errorMessages(error));
}

/**
 * A failure for a form that shows field errors under its fields (its call opts out of the toast):
 * returns the first message of each field the form shows, for `form.setErrors`, and still toasts
 * what it cannot show — messages of fields it does not have, or the whole failure when no field
 * of it is named. `rename` maps server keys to the form's fields, after `prefix` is removed.
 */
export function formFieldErrors<F extends string>(
  error: unknown,
  shown: readonly F[],
  { prefix = '', rename = {} }: { prefix?: string; rename?: Record<string, F> } = {},
): Partial<Record<F, string>> {
  const onForm: Partial<Record<F, string>> = {};
  const others: string[] = [];
  for (const [key, message] of Object.entries(error instanceof ApiError ? error.fieldErrors(prefix) : {})) {
    const field = (rename[key] ?? key) as F;
    if (shown.includes(field)) onForm[field] ??= message;
    else others.push(message);
  }
  if (others.length) notify.errorList(others);
  else if (!Object.keys(onForm).length) reportServerError(error);
  return onForm;
}
