import { describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, lazyWithRetry, RELOAD_AGAIN_AFTER_MS, RELOAD_KEY, retryOnce, shouldReloadForNewBuild } from './lazy-retry';

const chunkError = () => new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/order-list-3fa9c1.js');

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value), items };
}

describe('retryOnce', () => {
  it('answers the first attempt when it loads', async () => {
    const load = vi.fn().mockResolvedValue('screen');
    await expect(retryOnce(load)).resolves.toBe('screen');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks again once when the first attempt fails', async () => {
    const load = vi.fn().mockRejectedValueOnce(chunkError()).mockResolvedValueOnce('screen');
    await expect(retryOnce(load)).resolves.toBe('screen');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('gives up after the second failure, with its error', async () => {
    const second = chunkError();
    const load = vi.fn().mockRejectedValueOnce(chunkError()).mockRejectedValueOnce(second).mockResolvedValue('never');
    await expect(retryOnce(load)).rejects.toBe(second);
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('lazyWithRetry', () => {
  it('resolves to the route module when an attempt loads it', async () => {
    const Screen = () => null;
    const load = vi.fn().mockRejectedValueOnce(chunkError()).mockResolvedValueOnce({ Component: Screen });
    await expect(lazyWithRetry(load)()).resolves.toEqual({ Component: Screen });
  });

  it('after two failures, resolves to a screen that throws the error for the error element to show', async () => {
    const second = chunkError();
    const load = vi.fn().mockRejectedValueOnce(chunkError()).mockRejectedValueOnce(second);
    const route = await lazyWithRetry(load)();
    expect(load).toHaveBeenCalledTimes(2);
    expect(() => (route as { Component: () => unknown }).Component()).toThrow(second);
  });
});

describe('isChunkLoadError', () => {
  it.each([
    ['Chromium', 'Failed to fetch dynamically imported module: https://copydesk.test/assets/a.js'],
    ['Firefox', 'error loading dynamically imported module: https://copydesk.test/assets/a.js'],
    ['Safari', 'Importing a module script failed.'],
    ['Vite stylesheet preload', 'Unable to preload CSS for /assets/a.css'],
  ])('knows what %s throws', (_browser, message) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(true);
  });

  it('leaves other errors alone', () => {
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });
});

describe('shouldReloadForNewBuild', () => {
  it('reloads once for a chunk that failed, remembering when', () => {
    const storage = memoryStorage();
    expect(shouldReloadForNewBuild(chunkError(), storage, 1_000_000)).toBe(true);
    expect(storage.items.get(RELOAD_KEY)).toBe('1000000');
    // After the reload the chunk fails again: the error screen shows.
    expect(shouldReloadForNewBuild(chunkError(), storage, 1_000_000 + 5_000)).toBe(false);
    // A later deploy, long after: one reload again.
    expect(shouldReloadForNewBuild(chunkError(), storage, 1_000_000 + RELOAD_AGAIN_AFTER_MS)).toBe(true);
  });

  it('answers the same when asked again about the same error', () => {
    const storage = memoryStorage();
    const error = chunkError();
    expect(shouldReloadForNewBuild(error, storage, 1_000)).toBe(true);
    expect(shouldReloadForNewBuild(error, storage, 1_001)).toBe(true);
    expect(shouldReloadForNewBuild(chunkError(), storage, 1_002)).toBe(false);
  });

  it('never reloads for an error of the screen itself', () => {
    const storage = memoryStorage();
    expect(shouldReloadForNewBuild(new Error('boom'), storage, 1_000)).toBe(false);
    expect(storage.items.size).toBe(0);
  });

  it('never reloads when it could not remember doing so', () => {
    expect(shouldReloadForNewBuild(chunkError(), null, 1_000)).toBe(false);
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError');
      },
    };
    expect(shouldReloadForNewBuild(chunkError(), refusing, 1_000)).toBe(false);
  });

  it('uses the tab’s sessionStorage by default', () => {
    window.sessionStorage.removeItem(RELOAD_KEY);
    expect(shouldReloadForNewBuild(chunkError())).toBe(true);
    expect(window.sessionStorage.getItem(RELOAD_KEY)).not.toBeNull();
    expect(shouldReloadForNewBuild(chunkError())).toBe(false);
    window.sessionStorage.removeItem(RELOAD_KEY);
  });
});
