// CPU time from Linux's /proc: steadier than throughput on a shared machine, where the load generator,
// PostgreSQL and the server take turns on the same cores.
import { readFileSync } from 'node:fs';

/** Linux counts CPU time in clock ticks of 10 ms (USER_HZ 100). */
const TICK_MS = 10;

function ticksOf(statFile) {
  const fields = readFileSync(statFile, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** CPU milliseconds (user + system) a process has used, all its threads together. */
export function processCpuMs(pid) {
  return ticksOf(`/proc/${pid}/stat`) * TICK_MS;
}

/** CPU milliseconds (user + system) a process's main thread has used (for Node, its event loop). */
export function mainThreadCpuMs(pid) {
  return ticksOf(`/proc/${pid}/task/${pid}/stat`) * TICK_MS;
}

/** The machine's CPU time: busy and idle milliseconds, summed over every core. */
export function machineCpuMs() {
  const ticks = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  // idle and iowait, against every state's time
  const idle = ticks[3] + (ticks[4] ?? 0);
  return { busy: (ticks.reduce((a, b) => a + b, 0) - idle) * TICK_MS, idle: idle * TICK_MS };
}
