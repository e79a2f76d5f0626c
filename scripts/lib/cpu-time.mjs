// CPU time from /proc (Linux): what a phase of the bench cost the server's thread and the database's
// backends. Unlike payments per second, it holds when other work shares the machine's two cores.
import fs from 'node:fs';

/** sysconf(_SC_CLK_TCK): the unit of utime and stime in /proc/…/stat, 100 on Linux. */
const TICKS_PER_SECOND = 100;

/** User plus system CPU time, in ms, of the thread or process whose stat(5) file this is; null if unreadable. */
function cpuMsOf(statPath) {
  let stat;
  try {
    stat = fs.readFileSync(statPath, 'utf8');
  } catch {
    return null;
  }
  // The fields after the name in parentheses start at the third (state); utime and stime are the 14th and 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** CPU ms of this process's main thread: the server, when the load runs on a worker thread. */
export const mainThreadCpuMs = () => cpuMsOf(`/proc/self/task/${process.pid}/stat`);

/** CPU ms of each process in `pids` (database backends) that can be read. */
export function processesCpuMs(pids) {
  const spent = new Map();
  for (const pid of pids) {
    const ms = cpuMsOf(`/proc/${pid}/stat`);
    if (ms !== null) spent.set(pid, ms);
  }
  return spent;
}

/** CPU ms the processes spent between two `processesCpuMs` readings (a process that started in between counts from 0). */
export function cpuSpentBetween(before, after) {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}
