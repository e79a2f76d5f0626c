/**
 * The sign-in and forgot-password forms check their input with the shared Zod contracts, but the
 * sign-in page itself renders without them: the forms start loading them when a field gets focus
 * and wait for them on submit. Zod is the largest library of the page, and every signed-in screen
 * needs it next anyway.
 */
let loading: Promise<typeof import('./sign-in-schemas')> | undefined;

export function loadSignInSchemas() {
  loading ??= import('./sign-in-schemas').catch((error: unknown) => {
    // A failed download (connection lost) is tried again on the next submit.
    loading = undefined;
    throw error;
  });
  return loading;
}
