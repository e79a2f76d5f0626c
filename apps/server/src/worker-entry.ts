/**
 * A worker's entry file, found from the URL of the module that starts it. From TypeScript source
 * (tsx for npm run dev, vitest) that module is a `.ts` file and the entry is the `.mjs` shim beside
 * it, which loads the real worker through tsx (Node 20 cannot load .ts in a worker). Bundled
 * (apps/server/build.mjs, what npm start runs) the code is `.js` in dist/, and the worker is the
 * bundle's own entry of that name there.
 */
export function workerEntry(moduleUrl: string, files: { shim: string; bundled: string }): URL {
  const fromSource = /\.[cm]?ts$/.test(new URL(moduleUrl).pathname);
  return new URL(fromSource ? files.shim : files.bundled, moduleUrl);
}
