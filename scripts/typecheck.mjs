#!/usr/bin/env node
// `npm run typecheck`: `tsc -p <project> --noEmit` over every workspace, with the one `typescript`
// package the linter also loads (typescript-eslint type-aware rules). The projects are checked at
// the same time, one compiler process each, and each one's output is printed whole once it ends.
// Each keeps what it learnt in node_modules/.cache/typecheck (`--incremental`), so a second run
// checks again only what changed and what depends on it; without that folder (a clean clone) every
// file is checked.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const tsc = path.join(path.dirname(require.resolve('typescript/package.json')), 'bin', 'tsc');
const projects = ['packages/shared', 'apps/server', 'apps/web', 'e2e'];
const cacheDir = path.join(repoRoot, 'node_modules/.cache/typecheck');

function check(project) {
  return new Promise((resolve) => {
    const buildInfo = path.join(cacheDir, `${project.replaceAll('/', '-')}.tsbuildinfo`);
    const args = [tsc, '-p', project, '--noEmit', '--pretty', String(Boolean(process.stdout.isTTY)), '--incremental', '--tsBuildInfoFile', buildInfo];
    const child = spawn(process.execPath, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => resolve({ project, status: 1, output: `${error.message}\n` }));
    child.on('close', (status) => resolve({ project, status: status ?? 1, output: Buffer.concat(output).toString() }));
  });
}

const results = await Promise.all(projects.map(check));
let failed = false;
for (const { project, status, output } of results) {
  if (output) process.stdout.write(output);
  if (status !== 0) {
    console.error(`typecheck failed in ${project}`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
