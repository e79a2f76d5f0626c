#!/usr/bin/env node
// `npm start`: builds the web app and the server bundle when their sources are newer than the
// build (and the database template when the migrations changed), then runs the bundled server
// (apps/server/dist/server.js) in this terminal (NODE_ENV defaults to development, data under
// ./data), passing signals on and leaving with the server's exit code.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildDbTemplate, buildWeb, dbTemplateMissing, ensureServerBundle, repoRoot, serverBundle, webBuildReason } from './lib/web-build.mjs';

const reason = webBuildReason();
if (reason) {
  console.log(`Building the web app (${reason})…`);
  const status = buildWeb();
  if (status !== 0) {
    console.error('The web app did not build; see the output above.');
    process.exit(status);
  }
}

if (ensureServerBundle() !== 0) {
  console.error('The server did not build; see the output above.');
  process.exit(1);
}

if (dbTemplateMissing()) {
  console.log('Preparing the database template for the current migrations…');
  if (buildDbTemplate() !== 0) console.error('The database template did not build; a new database will be created the slow way.');
}

const server = spawn(process.execPath, ['--enable-source-maps', serverBundle], {
  cwd: repoRoot,
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  env: {
    ...process.env,
    NODE_ENV: process.env.NODE_ENV || 'development',
    DATA_DIR: process.env.DATA_DIR || path.join(repoRoot, 'data'),
  },
});

// Signals reach the server as a message, not as signals: a Ctrl-C in the terminal reaches the server
// itself too (and npm passes it on again), and a second signal tells the server to stop at once
// rather than let the requests in flight finish. The server ignores the message once it is closing.
const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'];
const forward = (signal) => {
  if (server.exitCode !== null || server.signalCode !== null) return;
  // A closed channel (the server is leaving already) fails the send; the signal then goes as one.
  if (server.connected) server.send({ type: 'shutdown', signal }, (error) => error && server.kill(signal));
  else server.kill(signal);
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
