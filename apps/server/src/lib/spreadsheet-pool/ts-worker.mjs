// The worker entry while the server runs from TypeScript source (npm start and npm run dev through
// tsx, vitest). A worker process is plain Node, which cannot load .ts on Node 20, so this file has
// tsx load the real worker. A compiled or bundled server uses read-sheet.worker.js instead (see
// workerFile() in ./index.ts).
import { tsImport } from 'tsx/esm/api';

const worker = await tsImport('./read-sheet.worker.ts', import.meta.url);
export default worker.default;
