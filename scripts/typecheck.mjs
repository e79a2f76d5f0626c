#!/usr/bin/env node
// `npm run typecheck`: `tsc --noEmit` over every workspace with the native TypeScript 7 compiler,
// installed under the name `typescript-native`. The package named `typescript` is 5.9: the tools
// that load TypeScript as a library (typescript-eslint) need its JavaScript API, which 7 no longer has.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const tsc = path.join(path.dirname(require.resolve('typescript-native/package.json')), 'bin', 'tsc');
const projects = ['packages/shared', 'apps/server', 'apps/web', 'e2e'];

for (const project of projects) {
  const run = spawnSync(process.execPath, [tsc, '-p', project, '--noEmit'], { stdio: 'inherit' });
  if (run.status !== 0) {
    console.error(`typecheck failed in ${project}`);
    process.exit(run.status ?? 1);
  }
}
