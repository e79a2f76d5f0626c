// The database thread's entry while the server runs from TypeScript source (tsx for npm run dev,
// vitest). A worker thread is plain Node, which cannot load .ts on Node 20, so this file has tsx
// load the real one. The bundle (apps/server/build.mjs) runs dist/pglite.worker.js instead.
import { tsImport } from 'tsx/esm/api';

await tsImport('./worker.ts', import.meta.url);
