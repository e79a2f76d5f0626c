import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { PaymentGateway } from './payment-gateway.js';
import type { SpreadsheetPool } from './spreadsheet-pool/index.js';
import type { DocumentPool } from './document-pool/index.js';
import type { Storage } from './storage.js';

/**
 * What services and jobs may use of the app, built once in app.ts (`app.ctx`) and handed to every
 * route plugin and job. Every service call takes it first: `(ctx, input)` for public calls,
 * `(ctx, actor, input)` for signed-in ones (docs/decisions/0028-server-layering.md).
 */
export interface AppContext {
  db: Database;
  config: Config;
  storage: Storage;
  gateway: PaymentGateway;
  /** The spreadsheet worker processes (lib/spreadsheet-pool/). */
  spreadsheets: SpreadsheetPool;
  /** The .docx worker processes (lib/document-pool/). */
  documents: DocumentPool;
  /** The app's logger; absent where nobody reads the logs (some tests). */
  log?: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>;
}

/** The context of a built app: its decorations and its logger. */
export function appContext(app: AppContext & { log: FastifyBaseLogger }): AppContext {
  return { db: app.db, config: app.config, storage: app.storage, gateway: app.gateway, spreadsheets: app.spreadsheets, documents: app.documents, log: app.log };
}
