import fs from 'node:fs/promises';
import path from 'node:path';
import { randomToken } from './tokens.js';

/**
 * Files on disk under FILE_STORAGE_DIR, addressed by opaque keys (`<folder>/<random>.<ext>`), so
 * a stored file's name never comes from the user. Object storage can replace this interface.
 */
export interface Storage {
  put(folder: string, ext: string, data: Buffer): Promise<string>;
  read(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
}

const KEY_PATTERN = /^[a-z0-9-]+\/[A-Za-z0-9_-]+\.[a-z0-9]+$/;

export function createStorage(root: string): Storage {
  const resolve = (key: string) => {
    if (!KEY_PATTERN.test(key)) return null;
    return path.join(root, key);
  };
  return {
    async put(folder, ext, data) {
      const key = `${folder}/${randomToken(18)}.${ext}`;
      const file = resolve(key)!;
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, data);
      return key;
    },
    async read(key) {
      const file = resolve(key);
      if (!file) return null;
      try {
        return await fs.readFile(file);
      } catch {
        return null;
      }
    },
    async remove(key) {
      const file = resolve(key);
      if (file) await fs.rm(file, { force: true });
    },
  };
}
