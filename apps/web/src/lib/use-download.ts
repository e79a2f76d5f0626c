import { useState } from 'react';
import { ApiError } from './api-client';
import { notify } from './notify';
import { reportServerError } from './server-errors';

/**
 * Runs one download at a time and says why one failed: "nothing there" (404) as information,
 * anything else as an error. `busy` names the download in progress, for its button's spinner.
 */
export function useDownload() {
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (key: string, download: () => Promise<unknown>) => {
    if (busy) return;
    setBusy(key);
    try {
      await download();
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) notify.info(error.message);
      else reportServerError(error);
    } finally {
      setBusy(null);
    }
  };
  return { busy, run };
}
