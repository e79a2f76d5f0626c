import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { PGliteThread } from '../db/pglite-thread/index.js';

/**
 * The online backup of the embedded database (docs/decisions/0031-online-backups.md). While the
 * server runs, its PGlite thread holds DATA_DIR/db: a second PGlite opened on the folder would
 * corrupt it, and copying the files would copy a database in mid-write. So `npm run backup` asks
 * the running server, through a Unix socket in the data folder, for PGlite's own dump taken between
 * two transactions (pglite-thread/worker.ts, `dump`).
 *
 * The socket is the file permission: it is created mode 0600 by the server's user, in the folder
 * that already holds the database files, so whoever may connect could read the database anyway. It
 * takes no network connection and no credential, and nothing else is served on it.
 */

/** Longest socket path that every platform's sockaddr_un accepts (104 bytes on macOS, 108 on Linux). */
const MAX_SOCKET_PATH = 100;

/**
 * Where the server of `dataDir` listens: DATA_DIR/backup.sock, or, when that path is too long for
 * a socket, a name in the temp folder derived from the data folder. scripts/backup.mjs and
 * scripts/restore.mjs compute the same path.
 */
export function backupSocketPath(dataDir: string): string {
  const inFolder = path.join(path.resolve(dataDir), 'backup.sock');
  if (Buffer.byteLength(inFolder) <= MAX_SOCKET_PATH) return inFolder;
  const digest = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16);
  return path.join(os.tmpdir(), `copydesk-backup-${digest}.sock`);
}

/** True when a server answers on the socket; a socket file nobody listens on is a crashed server's. */
function listening(socket: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.connect(socket);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
}

export async function registerBackupChannel(app: FastifyInstance, thread: PGliteThread) {
  if (process.platform === 'win32') {
    app.log.warn('online backups need a Unix socket; on Windows stop the server before `npm run backup`');
    return;
  }
  const socket = backupSocketPath(app.config.dataDir);
  const server = http.createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/info') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          pid: process.pid,
          dataDir: app.config.dataDir,
          fileStorage: app.config.fileStorage.kind,
          fileStorageDir: app.config.fileStorage.kind === 'disk' ? app.config.fileStorage.dir : null,
        }),
      );
      return;
    }
    if (req.method === 'POST' && req.url === '/dump') {
      const started = performance.now();
      thread.dumpDataDir().then(
        (bytes) => {
          app.log.info({ bytes: bytes.byteLength, ms: Math.round(performance.now() - started) }, 'backup: database dump taken');
          res.writeHead(200, { 'content-type': 'application/gzip', 'content-length': bytes.byteLength }).end(bytes);
        },
        (err: unknown) => {
          app.log.error({ err }, 'backup: the database dump failed');
          res.writeHead(500, { 'content-type': 'text/plain' }).end(err instanceof Error ? err.message : String(err));
        },
      );
      return;
    }
    res.writeHead(404).end();
  });

  app.addHook('onReady', async () => {
    if (fs.existsSync(socket)) {
      if (await listening(socket)) {
        // Another server runs on this data folder (which PGlite cannot share): leave its socket alone.
        app.log.error({ socket }, 'another server answers on this data folder’s backup socket; online backups go to it');
        return;
      }
      fs.rmSync(socket, { force: true });
    }
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        // 0600 from the first moment: the socket file is created (bound) within listen(), under
        // this umask, which is put back at once.
        const umask = process.umask(0o177);
        try {
          server.listen(socket, () => {
            server.off('error', reject);
            resolve();
          });
        } finally {
          process.umask(umask);
        }
      });
      fs.chmodSync(socket, 0o600);
    } catch (err) {
      app.log.warn({ err, socket }, 'online backups are unavailable: the backup socket could not be opened');
    }
  });
  app.addHook('onClose', async () => {
    if (!server.listening) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    fs.rmSync(socket, { force: true });
  });
}
