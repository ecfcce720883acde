#!/usr/bin/env node
// `npm test`: every check — typecheck, lint, unit, API, end-to-end — each run even when an earlier one
// failed, so one run reports everything. Ends with one plain summary line.
//
// Typecheck, lint and the front-end build each use one core, so they run side by side (their
// output is printed whole as each ends); the test runners use every core, so they run one at a time.
import { spawn } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';

const stages = [
  [
    { name: 'typecheck', command: ['npm', 'run', '--silent', 'typecheck'] },
    { name: 'lint', command: ['npm', 'run', '--silent', 'lint'] },
    { name: 'build', command: ['npm', 'run', '--silent', 'build'] },
  ],
  [{ name: 'unit', command: ['npm', 'run', '--silent', 'test:unit'] }],
  [{ name: 'api', command: ['npm', 'run', '--silent', 'test:api'] }],
  // `npm run test:e2e` without its build: the first stage built the front end.
  [{ name: 'e2e', command: ['npx', 'playwright', 'test'], needs: 'build' }],
];

/** Test counts from the runner's own summary: Vitest's "Tests  2 failed | 40 passed (42)", or our e2e reporter's line. */
function countsOf(output) {
  const text = stripVTControlCharacters(output);
  const vitest = [...text.matchAll(/^\s*Tests\s+(.+?)\s*\(\d+\)\s*$/gm)].pop();
  const playwright = [...text.matchAll(/^e2e: (.+)$/gm)].pop();
  const line = vitest?.[1] ?? playwright?.[1];
  if (!line) return null;
  const number = (word) => Number(new RegExp(`(\\d+) ${word}`).exec(line)?.[1] ?? 0);
  return { passed: number('passed'), failed: number('failed'), flaky: number('flaky'), skipped: number('skipped') };
}

/** Runs one step; `live` streams its output as it comes, otherwise it is printed whole at the end. */
function run(step, live) {
  return new Promise((resolve) => {
    const env = { ...process.env };
    if (process.stdout.isTTY && !env.NO_COLOR) env.FORCE_COLOR = '1';
    const [command, ...args] = step.command;
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const collect = (stream) => (chunk) => {
      output += chunk;
      if (live) stream.write(chunk);
    };
    child.stdout.on('data', collect(process.stdout));
    child.stderr.on('data', collect(process.stderr));
    child.on('close', (code, signal) => resolve({ ok: code === 0, code: code ?? signal, output }));
  });
}

function header(step) {
  return `\n──── ${step.name} (${step.command.join(' ')}) ────`;
}

const started = Date.now();
const results = [];
for (const stage of stages) {
  const live = stage.length === 1;
  const ended = await Promise.all(
    stage.map(async (step) => {
      const unmet = step.needs && results.find((result) => result.name === step.needs && !result.ok);
      if (unmet) {
        console.log(`${header(step)}\nnot run: ${step.needs} failed`);
        return { ...step, ok: false, notRun: true, counts: null, seconds: 0 };
      }
      if (live) console.log(header(step));
      const stepStarted = Date.now();
      const { ok, output } = await run(step, live);
      if (!live) process.stdout.write(`${header(step)}\n${output}`);
      return { ...step, ok, counts: countsOf(output), seconds: Math.round((Date.now() - stepStarted) / 1000) };
    }),
  );
  results.push(...ended);
}

const total = { passed: 0, failed: 0 };
const parts = results.map(({ name, ok, notRun, needs, counts, seconds }) => {
  if (notRun) return `${name} not run (${needs} failed)`;
  if (!counts) return `${name} ${ok ? 'ok' : 'FAILED'} (${seconds} s)`;
  total.passed += counts.passed;
  total.failed += counts.failed;
  const extra = [counts.flaky && `${counts.flaky} flaky`, counts.skipped && `${counts.skipped} skipped`].filter(
    Boolean,
  );
  const failedRun = !ok && counts.failed === 0 ? ', run FAILED' : '';
  return `${name} ${counts.passed}/${counts.passed + counts.failed}${extra.length ? ` (${extra.join(', ')})` : ''}${failedRun} (${seconds} s)`;
});
const failedSteps = results.filter((result) => !result.ok).map((result) => result.name);
const minutes = ((Date.now() - started) / 60000).toFixed(1);
console.log(`\n──── summary (${minutes} min) ────`);
if (failedSteps.length) console.log(`failed: ${failedSteps.join(', ')}`);
console.log(`${total.passed} passed, ${total.failed} failed — ${parts.join(' · ')}`);
process.exit(failedSteps.length ? 1 : 0);
