/**
 * What the page's main thread did in a Lighthouse load the bench kept (BENCH_LIGHTHOUSE_LOADS):
 * its longest tasks in the first seconds of the load as it ran here (before the simulation
 * stretches it: the page's islands hydrate within them), each broken down into style, layout, paint, HTML
 * parse and scripts (by URL), with the elements styled and the objects laid out. Times are as
 * the simulation charges them: the observed wall time × the slowdown given. The thread's own
 * CPU time is beside it: on a busy machine the wall time also counts the time the thread
 * waited for a core. When a task started is said as it ran here.
 *
 *   node perf/bench/main-thread.ts <load folder> [slowdown, default 4] [observed seconds, default 3]
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** The thread's CPU time inside the event, µs. */
  tdur?: number;
  args?: { elementCount?: number } & Record<string, unknown>;
}

/** A plain value of an event's `args[group][key]`, as text ('' when absent). */
function arg(event: TraceEvent, group: string, key: string): string {
  const value = (event.args?.[group] as Record<string, unknown> | undefined)?.[key];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

interface Slice {
  event: TraceEvent;
  start: number;
  end: number;
  cpu: number;
  children: Slice[];
}

/** Wall and CPU time, µs. */
interface Time {
  wall: number;
  cpu: number;
}

/** What a slice is counted as: its work, and the script's file where there is one. */
function kind(event: TraceEvent): string {
  const file = arg(event, 'data', 'url').replace(/^.*\//, '');
  switch (event.name) {
    case 'UpdateLayoutTree':
    case 'RecalculateStyles':
      return 'style';
    case 'Layout':
      return 'layout';
    case 'ParseHTML':
      return 'parse HTML';
    case 'ParseAuthorStyleSheet':
      return 'parse CSS';
    case 'PrePaint':
    case 'Paint':
    case 'Layerize':
    case 'UpdateLayer':
    case 'Commit':
      return 'paint';
    case 'EvaluateScript':
    case 'v8.evaluateModule':
    case 'FunctionCall':
    case 'v8.compile':
    case 'v8.compileModule':
      return file ? `script ${file}` : 'script';
    case 'DocumentLoader::CommitNavigation':
      return 'commit navigation';
    case 'MajorGC':
    case 'MinorGC':
    case 'V8.GC_SCAVENGER':
      return 'GC';
    default:
      return '';
  }
}

/** The events of one thread as a tree of complete slices (B/E pairs joined). */
function slices(events: readonly TraceEvent[]): Slice[] {
  const complete: Slice[] = [];
  const open: TraceEvent[] = [];
  for (const event of [...events].sort((a, b) => a.ts - b.ts)) {
    if (event.ph === 'X') {
      const dur = event.dur ?? 0;
      complete.push({ event, start: event.ts, end: event.ts + dur, cpu: event.tdur ?? dur, children: [] });
    } else if (event.ph === 'B') open.push(event);
    else if (event.ph === 'E') {
      const begin = open.pop();
      if (begin)
        complete.push({ event: begin, start: begin.ts, end: event.ts, cpu: event.ts - begin.ts, children: [] });
    }
  }
  complete.sort((a, b) => a.start - b.start || b.end - a.end);
  const roots: Slice[] = [];
  const stack: Slice[] = [];
  for (const slice of complete) {
    while (stack.length > 0 && (stack.at(-1)?.end ?? 0) <= slice.start) stack.pop();
    const parent = stack.at(-1);
    if (parent && slice.end <= parent.end) parent.children.push(slice);
    else roots.push(slice);
    stack.push(slice);
  }
  return roots;
}

/** Self time of each kind inside a slice; time in no known kind goes to the nearest known parent. */
function breakdown(slice: Slice, inherited: string, into: Map<string, Time>): void {
  const own = kind(slice.event) || inherited;
  const seen = into.get(own) ?? { wall: 0, cpu: 0 };
  const sum = (get: (child: Slice) => number) => slice.children.reduce((total, child) => total + get(child), 0);
  seen.wall += Math.max(0, slice.end - slice.start - sum((child) => child.end - child.start));
  seen.cpu += Math.max(0, slice.cpu - sum((child) => child.cpu));
  into.set(own, seen);
  for (const child of slice.children) breakdown(child, own, into);
}

/** Details worth naming: the elements a style pass touched, the objects a layout laid out. */
function details(slice: Slice, into: string[]): void {
  const { event } = slice;
  const ms = `${simulated(slice.end - slice.start)} ms (CPU ${simulated(slice.cpu)})`;
  if (event.name === 'UpdateLayoutTree' && (event.args?.elementCount ?? 0) > 0)
    into.push(`style ${event.args?.elementCount} elements ${ms}`);
  const begin = (key: string) => arg(event, 'beginData', key);
  if (event.name === 'Layout') into.push(`layout ${begin('dirtyObjects')}/${begin('totalObjects')} objects ${ms}`);
  if (event.name === 'ParseHTML')
    into.push(`parse HTML lines ${begin('startLine')}–${arg(event, 'endData', 'endLine')} ${ms}`);
  for (const child of slice.children) details(child, into);
}

const [folder, slowdownArg = '4', secondsArg = '3'] = process.argv.slice(2);
if (!folder) {
  console.error('usage: node perf/bench/main-thread.ts <load folder> [slowdown] [seconds]');
  process.exit(2);
}
const slowdown = Number(slowdownArg);
const simulated = (us: number) => Math.round((us / 1000) * slowdown);
const listed = (times: Map<string, Time>) =>
  [...times.entries()]
    .sort((a, b) => b[1].wall - a[1].wall)
    .filter(([, time]) => time.wall >= 500)
    .map(([name, time]) => `${name} ${simulated(time.wall)} (CPU ${simulated(time.cpu)})`)
    .join(' · ');
const trace = JSON.parse(readFileSync(join(folder, 'trace.json'), 'utf8')) as
  { traceEvents: TraceEvent[] } | TraceEvent[];
const events = Array.isArray(trace) ? trace : trace.traceEvents;

// The page's renderer: the main thread that marked the navigation of an http(s) document.
const navigation = events
  .filter((event) => event.name === 'navigationStart')
  .find((event) => /^https?:/.test(arg(event, 'data', 'documentLoaderURL')));
if (!navigation) throw new Error('no navigation to an http(s) page in this trace');
const mainThread = events.filter((event) => event.pid === navigation.pid && event.tid === navigation.tid);
const windowEnd = navigation.ts + Number(secondsArg) * 1000 * 1000;
const tasks = slices(mainThread).filter(
  (slice) => slice.event.name === 'RunTask' && slice.start >= navigation.ts && slice.start < windowEnd,
);

const total = new Map<string, Time>();
for (const task of tasks) breakdown(task, 'other', total);
console.log(
  `${arg(navigation, 'data', 'documentLoaderURL')}: ${tasks.length} tasks in the first ` +
    `${secondsArg} s observed, simulated at ${slowdown}×`,
);
console.log(`all tasks, ms: ${listed(total)}`);
for (const task of [...tasks].sort((a, b) => b.end - b.start - (a.end - a.start)).slice(0, 10)) {
  const parts = new Map<string, Time>();
  breakdown(task, 'other', parts);
  const named: string[] = [];
  details(task, named);
  const at = Math.round((task.start - navigation.ts) / 1000);
  console.log(
    `\n${simulated(task.end - task.start)} ms (CPU ${simulated(task.cpu)}), ${at} ms into the load: ${listed(parts)}`,
  );
  if (named.length > 0) console.log(`  ${named.join('; ')}`);
}
