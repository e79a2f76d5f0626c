// The worker entry while the server runs from TypeScript source (npm run dev through tsx, vitest).
// A worker process is plain Node, which cannot load .ts on Node 20, so this file has tsx (a
// development dependency) load the real worker. The bundled server that npm start runs uses
// convert-docx.worker.js instead (see workerEntry() in ../../worker-entry.ts).
import { tsImport } from 'tsx/esm/api';

const worker = await tsImport('./convert-docx.worker.ts', import.meta.url);
export default worker.default;
