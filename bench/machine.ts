import { readFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, release, totalmem } from 'node:os';

/** The machine the figures were taken on. */
export interface Machine {
  cpu: string;
  cores: number;
  memoryGiB: number;
  node: string;
  v8: string;
  os: string;
  date: string;
  /** 1-minute load average when the run started and ended: above 0 means other processes were running too. */
  loadAverage: { start: number; end?: number };
}

/** The CPU's model name: /proc/cpuinfo on Linux (with its MHz when given), else what os.cpus() reports. */
function cpuModel(): string {
  try {
    const info = readFileSync('/proc/cpuinfo', 'utf8');
    const model = /^model name\s*:\s*(.+)$/m.exec(info)?.[1]?.trim();
    const mhz = /^cpu MHz\s*:\s*([\d.]+)$/m.exec(info)?.[1];
    if (model) return mhz ? `${model} (${Math.round(Number(mhz))} MHz)` : model;
  } catch {
    // Not Linux: os.cpus() below.
  }
  return cpus()[0]?.model ?? 'unknown';
}

export function describeMachine(): Machine {
  return {
    cpu: cpuModel(),
    cores: availableParallelism(),
    memoryGiB: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    v8: process.versions.v8,
    os: `${process.platform} ${release()} ${process.arch}`,
    date: new Date().toISOString(),
    loadAverage: { start: Math.round((loadavg()[0] ?? 0) * 100) / 100 },
  };
}

export const currentLoad = (): number => Math.round((loadavg()[0] ?? 0) * 100) / 100;
