// The ceilings `npm run bench` compares Copydesk with, measured in the same run on the same machine,
// and the one table it prints.
//   - bare Fastify: a process serving `GET /api/health` → {status:'ok'} and nothing else, loaded
//     the same way as the portal: what this machine's Node and Fastify can do without our work;
//   - pgbench TPC-B (scale 10, 20 clients) on BENCH_DATABASE_URL, when pgbench is installed: what
//     the database can do for short write transactions, the class a wallet payment belongs to;
//   - pgbench running a script of ours (pgbenchScriptTps): the wallet payment's own SQL with no
//     application in between, what the database alone does for exactly that transaction.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Starts a bare Fastify on a loopback port in its own process; resolves when it answers. */
export async function startBareFastify({ repoRoot, port }) {
  const fastifyEntry = createRequire(path.join(repoRoot, 'apps/server/package.json')).resolve('fastify');
  const source = `
    const { default: Fastify } = await import(${JSON.stringify(fastifyEntry)});
    const app = Fastify({ logger: false });
    app.get('/api/health', async () => ({ status: 'ok', database: 'up' }));
    await app.listen({ host: '127.0.0.1', port: ${port} });
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', source], { stdio: ['ignore', 'ignore', 'inherit'], detached: true });
  const baseURL = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i += 1) {
    try {
      const res = await fetch(`${baseURL}/api/health`, { signal: AbortSignal.timeout(500) });
      if (res.ok) return { baseURL, stop: () => stopGroup(child) };
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  stopGroup(child);
  throw new Error('the bare Fastify ceiling did not start');
}

function stopGroup(child) {
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** Where pgbench is, or null: on PATH, else in Debian's PostgreSQL folders. */
export function findPgbench() {
  const onPath = spawnSync('sh', ['-c', 'command -v pgbench'], { encoding: 'utf8' });
  if (onPath.status === 0 && onPath.stdout.trim()) return onPath.stdout.trim();
  const listed = spawnSync('sh', ['-c', 'ls -d /usr/lib/postgresql/*/bin/pgbench 2>/dev/null | sort -V | tail -n 1'], { encoding: 'utf8' });
  return listed.stdout.trim() || null;
}

/**
 * TPC-B transactions per second on `databaseUrl`: `pgbench -i -s 10` (its own pgbench_* tables,
 * dropped afterwards), then 20 clients on 2 threads for `seconds`. Null when pgbench is missing.
 */
export function pgbenchTps(databaseUrl, { seconds = 10, clients = 20 } = {}) {
  const pgbench = findPgbench();
  if (!pgbench) return null;
  const run = (args) => spawnSync(pgbench, [...args, databaseUrl], { encoding: 'utf8' });
  const init = run(['-i', '-s', '10', '-q']);
  if (init.status !== 0) throw new Error(`pgbench -i failed: ${init.stderr.trim()}`);
  try {
    const load = run(['-c', String(clients), '-j', '2', '-T', String(seconds), '-n']);
    if (load.status !== 0) throw new Error(`pgbench failed: ${load.stderr.trim()}`);
    const match = /tps = ([\d.]+) \((?:without initial connection time|excluding connections establishing)\)/.exec(load.stdout);
    if (!match) throw new Error(`pgbench printed no tps:\n${load.stdout}`);
    return Number(match[1]);
  } finally {
    run(['-i', '-I', 'd']);
  }
}

/**
 * One figure of the table: what was measured, how it compares. `kind` says how to judge it:
 *   'ratio-min'  value ÷ ceiling must reach `goal` (throughput against a ceiling);
 *   'max'        value must stay at or under `goal` (times, bytes);
 *   'min'        value must reach `goal` (scores);
 *   'info'       printed only.
 */
export function row(figure, { value, unit = '', ceiling = null, ceilingLabel = '', goal = null, kind = 'info', note = '' }) {
  return { figure, value, unit, ceiling, ceilingLabel, goal, kind, note };
}

const format = (value, unit) => {
  if (value === null || value === undefined || Number.isNaN(value)) return '–';
  const rounded = Math.abs(value) >= 100 ? Math.round(value).toLocaleString('en-US') : String(Number(value.toFixed(2)));
  return unit ? `${rounded} ${unit}` : rounded;
};

function judge(r) {
  if (r.value === null || r.value === undefined) return { ratio: '–', verdict: 'not measured' };
  if (r.kind === 'ratio-min') {
    if (!r.ceiling) return { ratio: '–', verdict: 'no ceiling' };
    const ratio = r.value / r.ceiling;
    return { ratio: ratio.toFixed(2), verdict: ratio >= r.goal ? 'MEETS' : 'BELOW GOAL' };
  }
  if (r.kind === 'max') return { ratio: r.goal ? (r.value / r.goal).toFixed(2) : '–', verdict: r.value <= r.goal ? 'MEETS' : 'OVER GOAL' };
  if (r.kind === 'min') return { ratio: r.goal ? (r.value / r.goal).toFixed(2) : '–', verdict: r.value >= r.goal ? 'MEETS' : 'BELOW GOAL' };
  return { ratio: r.ceiling ? (r.value / r.ceiling).toFixed(2) : '–', verdict: '' };
}

/** Prints the rows as one aligned table and answers how many goals were missed. */
export function printTable(rows) {
  const lines = rows.map((r) => {
    const { ratio, verdict } = judge(r);
    const goal =
      r.kind === 'ratio-min'
        ? `≥ ${r.goal} of ceiling`
        : r.kind === 'max'
          ? `≤ ${format(r.goal, r.unit)}`
          : r.kind === 'min'
            ? `≥ ${format(r.goal, r.unit)}`
            : '';
    const ceiling = r.ceiling === null ? '' : `${format(r.ceiling, r.unit)}${r.ceilingLabel ? ` (${r.ceilingLabel})` : ''}`;
    return [r.figure, format(r.value, r.unit), ceiling, goal, ratio, verdict + (r.note ? `  ${r.note}` : '')];
  });
  const header = ['figure', 'measured', 'ceiling', 'goal', 'ratio', 'verdict'];
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const print = (cells) =>
    console.log(
      cells
        .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i])))
        .join('  ')
        .trimEnd(),
    );
  print(header);
  print(widths.map((w) => '-'.repeat(w)));
  for (const line of lines) print(line);
  return rows.filter((r) => ['BELOW GOAL', 'OVER GOAL'].includes(judge(r).verdict)).length;
}

/**
 * pgbench with a script of its own (`script`: pgbench's script language) on `databaseUrl`: `clients`
 * clients on 2 threads, `transactions` each. Returns the tps, or null when pgbench is missing.
 */
export function pgbenchScriptTps(databaseUrl, script, { clients = 20, transactions }) {
  const pgbench = findPgbench();
  if (!pgbench) return null;
  const dir = mkdtempSync(path.join(tmpdir(), 'copydesk-pgbench-'));
  const file = path.join(dir, 'script.sql');
  writeFileSync(file, script);
  try {
    const load = spawnSync(pgbench, ['-n', '-f', file, '-c', String(clients), '-j', '2', '-t', String(transactions), databaseUrl], { encoding: 'utf8' });
    if (load.status !== 0) throw new Error(`pgbench failed: ${load.stderr.trim()}`);
    const failed = /number of failed transactions: (\d+)/.exec(load.stdout);
    if (failed && Number(failed[1]) > 0) throw new Error(`pgbench: ${failed[1]} transactions failed:\n${load.stdout}`);
    const match = /tps = ([\d.]+) \((?:without initial connection time|excluding connections establishing)\)/.exec(load.stdout);
    if (!match) throw new Error(`pgbench printed no tps:\n${load.stdout}`);
    return Number(match[1]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
