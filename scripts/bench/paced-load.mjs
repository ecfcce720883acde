// An open-model load at a steady rate, for clients that each send a request every interval.
import { Agent, request as httpRequest } from 'node:http';
import { performance } from 'node:perf_hooks';

/**
 * `clients` clients each send one request every `intervalMs`, for `durationMs`; client i's first is
 * due at i/clients of the interval, so the requests arrive one after another at a steady rate, as
 * independent players' do (autocannon's fixed rate sends each second's quota at once, then waits:
 * a burst of every connection's requests each second, and a server idle the rest of it). The
 * requests share `connections` keep-alive connections, one request on each at a time.
 *
 * Each latency counts from the moment the request was due, not from when a free connection took it:
 * a server that falls behind is charged the wait it caused its clients (no coordinated omission).
 * `describe(n)` gives request n's method, path, headers and body; `phase(dueMs)` names the bucket a
 * request's latency goes to (e.g. warm-up or measured), by its due time from the start.
 * Answers { latencies: {bucket: ms[]}, answered: {bucket: count answered before the load ended},
 * failures } where failures are non-2xx answers, errors and requests unanswered 10 s after the end.
 */
export async function pacedLoad({ base, connections, clients, intervalMs, durationMs, describe, phase }) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
  const { hostname, port } = new URL(base);
  const spacing = intervalMs / clients;
  const latencies = {};
  const answered = {};
  let failures = 0;
  let pending = 0;
  let sent = 0;
  const start = performance.now();
  const end = start + durationMs;

  const send = (n, due) => {
    const bucket = phase(due - start);
    const { method, path, headers, body } = describe(n);
    pending += 1;
    const finish = (ok) => {
      pending -= 1;
      const now = performance.now();
      if (!ok) failures += 1;
      else {
        (latencies[bucket] ??= []).push(now - due);
        if (now <= end) answered[bucket] = (answered[bucket] ?? 0) + 1;
      }
    };
    const req = httpRequest(
      { agent, hostname, port, method, path, headers: { ...headers, 'content-length': Buffer.byteLength(body ?? '') } },
      (res) => {
        res.resume();
        res.on('end', () => finish(res.statusCode >= 200 && res.statusCode < 300));
        res.on('error', () => finish(false));
      },
    );
    req.on('error', () => finish(false));
    req.end(body);
  };

  await new Promise((done) => {
    const tick = () => {
      const now = performance.now();
      const last = Math.min(now, end);
      // Every request due by now goes out (a late tick sends the ones it missed, due times intact).
      while (start + sent * spacing <= last) {
        send(sent, start + sent * spacing);
        sent += 1;
      }
      if (now < end) setTimeout(tick, 1);
      else done();
    };
    tick();
  });
  const deadline = performance.now() + 10_000;
  while (pending > 0 && performance.now() < deadline) await new Promise((resume) => setTimeout(resume, 20));
  failures += pending;
  agent.destroy();
  return { latencies, answered, failures, sent };
}
