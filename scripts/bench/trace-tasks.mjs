// A page load traced in Chromium, and the main thread's tasks read from the trace: how long each
// took, how much of that the thread really ran, what ran in it (script evaluations, function calls,
// style and layout…) and whose code, from the JavaScript profiler's samples.
//
// Why the thread's own time matters here: Lighthouse's mobile profile loads a page at full speed and
// multiplies each task's length by 4 (its simulated 4× slower CPU). A task's length includes the
// time the thread waited for a core, and on this two-core machine the browser's own processes (its
// main thread, the network service, the software compositor) and the server run beside the page
// during the load: a task of 15 ms in which the page's thread ran 4 ms counts as a 60 ms task. The
// thread time × 4 is what the page's own work would take on a phone's core of a quarter the speed.

/** The trace categories: the tasks, their pieces of work, V8's and the profiler's samples. */
export const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'v8.execute',
  'blink',
  'loading',
  'toplevel',
  'disabled-by-default-v8.cpu_profiler',
];

/** The pieces of work a task is made of, as the trace names them. */
const WORK = new Set([
  'EvaluateScript',
  'v8.evaluateModule',
  'FunctionCall',
  'TimerFire',
  'EventDispatch',
  'FireAnimationFrame',
  'RunMicrotasks',
  'v8.compile',
  'v8.compileModule',
  'ParseHTML',
  'ParseAuthorStyleSheet',
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Layerize',
  'Commit',
  'HitTest',
  'MajorGC',
  'MinorGC',
  'BlinkGC.AtomicPhase',
  'DocumentLoader::CommitNavigation',
]);

const fileOf = (url) => url.replace(/^https?:\/\/[^/]+/, '').replace(/^\/assets\//, '');

/** A piece of work's name, with the script it ran when the trace says. */
function label(event) {
  const data = event.args?.data ?? event.args?.beginData ?? {};
  const url = data.url || data.stackTrace?.[0]?.url || event.args?.fileName || '';
  const fn = data.functionName ? ` ${data.functionName}()` : '';
  return url ? `${event.name} ${fileOf(url)}${fn}` : `${event.name}${fn}`;
}

/** Every event with a duration: complete events as they are, begin/end pairs joined. */
function completeEvents(events) {
  const open = new Map();
  const complete = [];
  for (const event of [...events].sort((a, b) => a.ts - b.ts)) {
    if (event.ph === 'X' && event.dur) complete.push(event);
    else if (event.ph === 'B') {
      const key = `${event.pid}:${event.tid}`;
      if (!open.has(key)) open.set(key, []);
      open.get(key).push(event);
    } else if (event.ph === 'E') {
      const begin = open.get(`${event.pid}:${event.tid}`)?.pop();
      if (begin)
        complete.push({
          ...begin,
          ph: 'X',
          dur: event.ts - begin.ts,
          tdur: begin.tts != null && event.tts != null ? event.tts - begin.tts : undefined,
          args: { ...begin.args, ...event.args },
        });
    }
  }
  return complete;
}

/**
 * The JavaScript profiler's samples on one thread, in order: {ts, file, weight}, `file` the script
 * of the running function ("(V8)" for the engine's own work: compiling, collecting garbage), null
 * when the thread was idle; `weight` the time until the next sample (at most 1 ms: the profiler
 * stops sampling an idle thread).
 */
function samplesOf(events, pid, tid) {
  const samples = [];
  for (const profile of events.filter((event) => event.name === 'Profile' && event.pid === pid && event.tid === tid)) {
    const nodes = new Map();
    let ts = profile.args?.data?.startTime ?? profile.ts;
    for (const chunk of events.filter(
      (event) => event.name === 'ProfileChunk' && event.id === profile.id && event.pid === pid,
    )) {
      const data = chunk.args?.data ?? {};
      for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
      const deltas = data.timeDeltas ?? [];
      (data.cpuProfile?.samples ?? []).forEach((id, index) => {
        ts += deltas[index] ?? 0;
        const frame = nodes.get(id)?.callFrame ?? {};
        const idle = frame.functionName === '(idle)' || frame.functionName === '(program)';
        samples.push({ ts, file: frame.url ? fileOf(frame.url) : idle ? null : '(V8)' });
      });
    }
  }
  samples.sort((a, b) => a.ts - b.ts);
  samples.forEach(
    (sample, index) => (sample.weight = Math.min(1000, (samples[index + 1]?.ts ?? sample.ts) - sample.ts)),
  );
  return samples;
}

/** Sums `value(item)` by `key(item)`, largest first, the first `limit`. */
function largest(items, key, value, limit) {
  const sums = new Map();
  for (const item of items) sums.set(key(item), (sums.get(key(item)) ?? 0) + value(item));
  return [...sums].sort((a, b) => b[1] - a[1]).slice(0, limit);
}

/**
 * The main-thread tasks of the page served from `pageOrigin` that are over `barMs` long (wall
 * clock) or over `barMs` of the thread's own time: [{start, duration, cpu, parts, scripts}] in ms,
 * `parts` the outermost pieces of work inside ([label, {wall, cpu}]), `scripts` whose code ran ([file, ms]).
 */
export function longTasksOfTrace(events, pageOrigin, barMs) {
  const complete = completeEvents(events);
  // The page's renderer: of the renderers' main threads, the one that ran the page's own scripts.
  const mains = events.filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain');
  const ranPage = (main) =>
    complete.filter(
      (event) =>
        event.pid === main.pid &&
        event.tid === main.tid &&
        (event.args?.data?.url ?? event.args?.fileName ?? '').startsWith(pageOrigin),
    ).length;
  const main = mains.sort((a, b) => ranPage(b) - ranPage(a))[0];
  if (!main) return [];
  const onMain = complete.filter((event) => event.pid === main.pid && event.tid === main.tid);
  const samples = samplesOf(events, main.pid, main.tid);
  const origin = Math.min(...onMain.map((event) => event.ts));
  const bar = barMs * 1000;
  const tasks = onMain
    .filter((event) => event.name === 'RunTask' && (event.dur > bar || (event.tdur ?? 0) > bar))
    .sort((a, b) => a.ts - b.ts);
  return tasks.map((task) => {
    const end = task.ts + task.dur;
    const work = onMain.filter(
      (event) => event !== task && WORK.has(event.name) && event.ts >= task.ts && event.ts + event.dur <= end,
    );
    const outermost = work.filter(
      (event) =>
        !work.some(
          (other) =>
            other !== event &&
            other.ts <= event.ts &&
            other.ts + other.dur >= event.ts + event.dur &&
            other.dur > event.dur,
        ),
    );
    const parts = largest(outermost, label, (event) => event.dur, 6).map(([what, wall]) => [
      what,
      {
        wall: wall / 1000,
        cpu:
          outermost
            .filter((event) => label(event) === what)
            .reduce((sum, event) => sum + (event.tdur ?? event.dur), 0) / 1000,
      },
    ]);
    const inTask = samples.filter((sample) => sample.file && sample.ts >= task.ts && sample.ts <= end);
    const scripts = largest(
      inTask,
      (sample) => sample.file,
      (sample) => sample.weight / 1000,
      4,
    );
    return {
      start: (task.ts - origin) / 1000,
      duration: task.dur / 1000,
      cpu: (task.tdur ?? task.dur) / 1000,
      parts,
      scripts,
    };
  });
}

/**
 * Opens `path` in a new tab of `context` (signed in already, as the caller needs), with a cold HTTP
 * cache and the CPU slowed `throttle` times (1: full speed), traced until the network is idle and a
 * second more; the tasks over `barMs` (longTasksOfTrace), with whose code ran in them unless
 * `profile` is false.
 */
export async function traceLoad(
  browser,
  context,
  pageOrigin,
  path,
  { throttle = 1, barMs, traceFile, profile = true } = {},
) {
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (throttle > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    // The profiler's sampling costs the page's thread time of its own: left out when only counting.
    const categories = profile
      ? TRACE_CATEGORIES
      : TRACE_CATEGORIES.filter((category) => !category.includes('cpu_profiler'));
    await browser.startTracing(page, { categories });
    await page.goto(path, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1000);
    const trace = JSON.parse((await browser.stopTracing()).toString());
    if (traceFile) (await import('node:fs')).writeFileSync(traceFile, JSON.stringify(trace));
    return longTasksOfTrace(trace.traceEvents ?? trace, pageOrigin, barMs);
  } finally {
    await page.close();
  }
}
