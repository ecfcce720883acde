#!/usr/bin/env node
// `npm test`: every check in order — typecheck, lint, unit, API, end-to-end — each run even when an
// earlier one failed, so one run reports everything. Ends with one plain summary line.
import { spawn } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';

const steps = [
  { name: 'typecheck', script: 'typecheck' },
  { name: 'lint', script: 'lint' },
  { name: 'unit', script: 'test:unit' },
  { name: 'api', script: 'test:api' },
  { name: 'e2e', script: 'test:e2e' },
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

function run(script) {
  return new Promise((resolve) => {
    const env = { ...process.env };
    if (process.stdout.isTTY && !env.NO_COLOR) env.FORCE_COLOR = '1';
    const child = spawn('npm', ['run', '--silent', script], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      process.stdout.write(chunk);
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
      process.stderr.write(chunk);
    });
    child.on('close', (code, signal) => resolve({ ok: code === 0, code: code ?? signal, output }));
  });
}

const started = Date.now();
const results = [];
for (const step of steps) {
  console.log(`\n──── ${step.name} (npm run ${step.script}) ────`);
  const stepStarted = Date.now();
  const { ok, code, output } = await run(step.script);
  results.push({ ...step, ok, code, counts: countsOf(output), seconds: Math.round((Date.now() - stepStarted) / 1000) });
}

const total = { passed: 0, failed: 0 };
const parts = results.map(({ name, ok, counts, seconds }) => {
  if (!counts) return `${name} ${ok ? 'ok' : 'FAILED'} (${seconds} s)`;
  total.passed += counts.passed;
  total.failed += counts.failed;
  const extra = [counts.flaky && `${counts.flaky} flaky`, counts.skipped && `${counts.skipped} skipped`].filter(Boolean);
  const failedRun = !ok && counts.failed === 0 ? ', run FAILED' : '';
  return `${name} ${counts.passed}/${counts.passed + counts.failed}${extra.length ? ` (${extra.join(', ')})` : ''}${failedRun} (${seconds} s)`;
});
const failedSteps = results.filter((result) => !result.ok).map((result) => result.name);
const minutes = ((Date.now() - started) / 60000).toFixed(1);
console.log(`\n──── summary (${minutes} min) ────`);
if (failedSteps.length) console.log(`failed: ${failedSteps.join(', ')}`);
console.log(`${total.passed} passed, ${total.failed} failed — ${parts.join(' · ')}`);
process.exit(failedSteps.length ? 1 : 0);
