import fs from 'node:fs';

/** The niceness (stat(5) field 19) of each process this one started whose command line names `part`. */
export function childrenNiceness(part: string): number[] {
  const found: number[] = [];
  for (const pid of fs.readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) !== process.pid) continue;
      if (!fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(part)) continue;
      found.push(Number(fields[16]));
    } catch {
      // The process ended while being read.
    }
  }
  return found;
}
