/**
 * The machine the figures come from, and how busy it was: every figure here depends on the
 * two cores being ours, so the report says when something else ran (another test suite) or
 * when the hypervisor took CPU time away (steal).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg, release, totalmem, type } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';

/** Cumulative CPU time of the whole machine, in clock ticks (Linux /proc/stat). */
interface CpuTimes {
  total: number;
  idle: number;
  steal: number;
}

function readCpuTimes(): CpuTimes | null {
  try {
    const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal (guest time is already inside user)
    const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = fields;
    return { total: user + nice + system + idle + iowait + irq + softirq + steal, idle: idle + iowait, steal };
  } catch {
    return null;
  }
}

/** Where CPU time went between two readings, as fractions of the whole machine. */
export interface CpuUse {
  busy: number;
  steal: number;
}

const use = (from: CpuTimes | null, to: CpuTimes | null): CpuUse | null => {
  if (!from || !to || to.total <= from.total) return null;
  const total = to.total - from.total;
  return { busy: 1 - (to.idle - from.idle) / total, steal: (to.steal - from.steal) / total };
};

/**
 * How much CPU other processes use, sampled before we start. Our own process is subtracted:
 * right after start-up, V8 is still compiling the modules we imported on its background threads.
 */
export async function sampleOthersCpuUse(ms = 1000): Promise<CpuUse | null> {
  const from = readCpuTimes();
  const ours = process.cpuUsage();
  await sleep(ms);
  const machine = use(from, readCpuTimes());
  if (!machine) return null;
  const { user, system } = process.cpuUsage(ours);
  const oursFraction = (user + system) / 1000 / (ms * cpus().length);
  return { busy: Math.max(0, machine.busy - oursFraction), steal: machine.steal };
}

/** Starts counting; the returned function gives the CPU use since. */
export function startCpuMeter(): () => CpuUse | null {
  const from = readCpuTimes();
  return () => use(from, readCpuTimes());
}

export interface Machine {
  cpus: number;
  cpuModel: string;
  memoryGB: number;
  node: string;
  chromium: string;
  os: string;
  /** 1-minute load average at the start and at the end (it lags: see `before`). */
  loadAverage: { start: number; end: number };
  /** CPU use by other processes in the second before the benchmark started; null off Linux. */
  before: CpuUse | null;
  /** CPU steal (time the hypervisor gave to other machines) during the whole run. */
  during: CpuUse | null;
}

function chromiumVersion(chromePath: string): string {
  try {
    return execFileSync(chromePath, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return `Chromium not found at ${chromePath}`;
  }
}

/** Describes this machine; `start` is what was sampled before the run. */
export function describeMachine(
  chromePath: string,
  start: { loadAverage: number; before: CpuUse | null },
  during: CpuUse | null,
): Machine {
  return {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
    memoryGB: Math.round(totalmem() / 1024 ** 3),
    node: process.version,
    chromium: chromiumVersion(chromePath),
    os: `${type()} ${release()}`,
    loadAverage: { start: start.loadAverage, end: loadavg()[0] ?? 0 },
    before: start.before,
    during,
  };
}
