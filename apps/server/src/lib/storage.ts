import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.js';
import { createS3Backend } from './storage-s3.js';
import { randomToken } from './tokens.js';

/**
 * The one file store (documents, activity files, profile pictures), addressed by opaque keys
 * (`<folder>/<random>.<ext>`), so a stored file's name never comes from the user. FILE_STORAGE picks
 * the back end: `disk` (FILE_STORAGE_DIR, one machine) or `s3` (a bucket several instances share).
 */
export interface Storage {
  put(folder: string, ext: string, data: Buffer): Promise<string>;
  /** The stored bytes, or null for a missing or malformed key. */
  read(key: string): Promise<Buffer | null>;
  /** Removing a missing or malformed key is not an error. */
  remove(key: string): Promise<void>;
  exists?(key: string): Promise<boolean>;
}

export type StorageConfig = Config['fileStorage'];

/**
 * What a back end does: bytes under a key that this module has already made or checked, so a back
 * end never sees a path built from user input.
 */
export interface StorageBackend {
  write(key: string, data: Buffer): Promise<void>;
  /** null when nothing is stored under the key; other failures throw. */
  read(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

const KEY_PATTERN = /^[a-z0-9-]+\/[A-Za-z0-9_-]+\.[a-z0-9]+$/;

/** The back end FILE_STORAGE chose; a plain folder (the call before FILE_STORAGE existed) means disk. */
export function createStorage(config: StorageConfig | string): Storage {
  const backend = typeof config === 'string' ? createDiskBackend(config) : config.kind === 's3' ? createS3Backend(config) : createDiskBackend(config.dir);
  return keyedStorage(backend);
}

function keyedStorage(backend: StorageBackend): Storage {
  const valid = (key: string) => KEY_PATTERN.test(key);
  return {
    async put(folder, ext, data) {
      const key = `${folder}/${randomToken(18)}.${ext}`;
      if (!valid(key)) throw new Error(`invalid storage folder or extension: ${folder}, ${ext}`);
      await backend.write(key, data);
      return key;
    },
    async read(key) {
      return valid(key) ? backend.read(key) : null;
    },
    async remove(key) {
      if (valid(key)) await backend.delete(key);
    },
    async exists(key) {
      return valid(key) && backend.exists(key);
    },
  };
}

function createDiskBackend(root: string): StorageBackend {
  const file = (key: string) => path.join(root, key);
  return {
    async write(key, data) {
      await fs.mkdir(path.dirname(file(key)), { recursive: true });
      await fs.writeFile(file(key), data);
    },
    async read(key) {
      try {
        return await fs.readFile(file(key));
      } catch (err) {
        // Missing is null; a permission or disk error must not look like a deleted file.
        if (['ENOENT', 'ENOTDIR'].includes((err as NodeJS.ErrnoException).code ?? '')) return null;
        throw err;
      }
    },
    async delete(key) {
      await fs.rm(file(key), { force: true });
    },
    async exists(key) {
      return fs.stat(file(key)).then(
        (s) => s.isFile(),
        () => false,
      );
    },
  };
}
