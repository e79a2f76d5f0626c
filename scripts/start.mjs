#!/usr/bin/env node
// `npm start`: builds the web app when its sources are newer than the build, then runs the server
// in this terminal (NODE_ENV defaults to development, data under ./data), passing signals through
// and leaving with the server's exit code.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildDbTemplate, buildWeb, dbTemplateMissing, repoRoot, webBuildReason } from './lib/web-build.mjs';

const reason = webBuildReason();
if (reason) {
  console.log(`Building the web app (${reason})…`);
  const status = buildWeb();
  if (status !== 0) {
    console.error('The web app did not build; see the output above.');
    process.exit(status);
  }
}

if (dbTemplateMissing()) {
  console.log('Preparing the database template for the current migrations…');
  if (buildDbTemplate() !== 0) console.error('The database template did not build; a new database will be created the slow way.');
}

// Resolved from the server package so it works however npm hoisted tsx.
const tsx = pathToFileURL(createRequire(path.join(repoRoot, 'apps/server/package.json')).resolve('tsx')).href;

const server = spawn(process.execPath, ['--import', tsx, path.join(repoRoot, 'apps/server/src/server.ts')], {
  cwd: repoRoot,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: process.env.NODE_ENV || 'development',
    DATA_DIR: process.env.DATA_DIR || path.join(repoRoot, 'data'),
  },
});

const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'];
const forward = (signal) => {
  if (server.exitCode === null && server.signalCode === null) server.kill(signal);
};
for (const signal of signals) process.on(signal, forward);

server.on('error', (error) => {
  console.error(`Could not start the server: ${error.message}`);
  process.exit(1);
});

server.on('exit', (code, signal) => {
  for (const name of signals) process.off(name, forward);
  if (signal) {
    // Leave the way the server did, so a caller sees the same signal.
    process.kill(process.pid, signal);
    return;
  }
  process.exit(code ?? 1);
});
