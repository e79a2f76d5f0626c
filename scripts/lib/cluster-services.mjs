// What `npm run cluster` (scripts/cluster.mjs) starts around the Copydesk instances: a fresh
// PostgreSQL database (dropped afterwards), an S3-compatible store (s3rver), an SMTP catcher
// (smtp-server) and HAProxy as the round-robin load balancer. Each returns a handle with close().
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import S3rver from 's3rver';
import { SMTPServer } from 'smtp-server';

/** A database of its own on the PostgreSQL that `adminUrl` reaches (its role needs CREATEDB). */
export async function createDatabase(adminUrl) {
  const name = `copydesk_cluster_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  return {
    name,
    url: url.toString(),
    query: async (text, params) => (await pool.query(text, params)).rows,
    async close() {
      await pool.end();
      const drop = new pg.Client({ connectionString: adminUrl });
      await drop.connect();
      try {
        // FORCE ends the instances' connections; an autovacuum worker busy on the database is not
        // the role's to end (42501) and leaves within moments.
        for (let attempt = 1; ; attempt += 1) {
          try {
            await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
            break;
          } catch (err) {
            if (err?.code !== '42501' || attempt === 40) throw err;
            await new Promise((resolve) => setTimeout(resolve, 250));
          }
        }
      } finally {
        await drop.end();
      }
    },
  };
}

/**
 * s3rver on a loopback port with the bucket made. It is no longer maintained, but npm offers no
 * maintained S3 server that installs without downloading a binary (MinIO is a Go binary, and Debian
 * does not package it); the instances only need PUT, GET, HEAD and DELETE of objects.
 */
export async function startS3(dir, bucket) {
  mkdirSync(dir, { recursive: true });
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return { endpoint: `http://127.0.0.1:${port}`, bucket, close: () => server.close() };
}

/** Decodes a quoted-printable body (nodemailer's encoding for text parts with long lines). */
function decodeQuotedPrintable(text) {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
}

/** An SMTP server that keeps every message it receives: recipients, subject and decoded text. */
export async function startSmtp() {
  const received = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const head = raw.split(/\r?\n\r?\n/, 1)[0].replace(/\r?\n[ \t]+/g, ' ');
        const subject = /^Subject: (.*)$/im.exec(head)?.[1]?.trim() ?? '';
        for (const to of session.envelope.rcptTo.map((r) => r.address.toLowerCase())) {
          received.push({ to, subject, text: decodeQuotedPrintable(raw), at: Date.now() });
        }
        callback();
      });
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address();
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** The newest message to `to` whose text matches `pattern`; waits for it (bounded). */
    async waitFor(to, pattern, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const mail = [...received].reverse().find((m) => m.to === to.toLowerCase() && pattern.test(m.text));
        if (mail) return { mail, match: mail.text.match(pattern)[0] };
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`no email to ${to} matching ${pattern} within ${timeoutMs / 1000} s`);
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/**
 * HAProxy (Debian's package) in front of the instances: round robin, the readiness probe as its
 * health check, a new server connection per request (so a stopping instance's closed listener turns
 * into a connection failure HAProxy redispatches, never a request on a draining connection), L7
 * retries on another instance for idempotent methods only, and the instance that answered named in
 * the `X-Cluster-Upstream` response header.
 */
export async function startBalancer({ dir, port, instances, logFile }) {
  const config = `global
  maxconn 2000

defaults
  mode http
  timeout connect 2s
  timeout client 120s
  timeout server 120s
  timeout http-request 30s
  retries 3
  option redispatch 1
  option http-server-close
  http-reuse never

frontend copydesk
  bind 127.0.0.1:${port}
  default_backend instances

backend instances
  balance roundrobin
  option httpchk GET /api/health/ready
  http-check expect status 200
  default-server inter 400ms fastinter 200ms fall 2 rise 2
  retry-on conn-failure empty-response response-timeout 503
  acl idempotent method GET HEAD OPTIONS
  http-request disable-l7-retry if !idempotent
  http-response set-header X-Cluster-Upstream %[srv_name]
${instances.map((instance) => `  server ${instance.name} 127.0.0.1:${instance.port} check`).join('\n')}
`;
  const configFile = path.join(dir, 'haproxy.cfg');
  writeFileSync(configFile, config);
  const check = spawn('haproxy', ['-c', '-f', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  let checkOutput = '';
  check.stdout.on('data', (d) => (checkOutput += d));
  check.stderr.on('data', (d) => (checkOutput += d));
  const checked = await new Promise((resolve) => {
    check.once('error', (err) => resolve(err));
    check.once('exit', (code) => resolve(code));
  });
  if (checked !== 0) {
    const reason = checked instanceof Error ? `${checked.message} (install it: apt-get install haproxy)` : checkOutput;
    throw new Error(`haproxy cannot run: ${reason}`);
  }
  const fd = openSync(logFile, 'a');
  const child = spawn('haproxy', ['-db', '-f', configFile], { stdio: ['ignore', fd, fd], detached: true });
  closeSync(fd);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1_000) });
      await res.arrayBuffer();
      if (res.status === 200) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`haproxy did not come up:\n${readFileSync(logFile, 'utf8')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    child,
    async close() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const gone = new Promise((resolve) => child.once('exit', resolve));
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      await gone;
    },
  };
}
