import { readFileSync, writeFileSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';

/**
 * The process tsx started under `child` (tsx runs the script in a
 * node process of its own): the one whose memory is the server's.
 */
export function scriptProcess(child: ChildProcess): number {
  const pid = Number(readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim().split(/\s+/)[0]);
  if (!Number.isInteger(pid) || pid <= 0) throw new Error(`no process under ${child.pid}`);
  return pid;
}

/**
 * The most memory `pid` has held at once (Linux's VmHWM, its resident
 * set's high-water mark), in MB: it catches a peak however brief.
 */
const peakMb = (pid: number): number => {
  const kb = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  if (kb === undefined) throw new Error(`no VmHWM for ${pid}`);
  return Number(kb) / 1024;
};

/**
 * What `work` made the process `pid` hold at its peak beyond
 * what it held before, in MB (its high-water mark reset first).
 */
export async function peakGrowthMb(pid: number, work: () => Promise<unknown>): Promise<number> {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
  const before = peakMb(pid);
  await work();
  return peakMb(pid) - before;
}
