import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig, ConfigError } from '../../server/src/config.js';
import { createPeriodicRunner } from '../../server/src/modules/attendances/scheduler.js';

const key = {
  type: 'service_account',
  client_email: 'importer@progetto.iam.gserviceaccount.com',
  private_key: '-----BEGIN PRIVATE KEY-----\nMIIB\n-----END PRIVATE KEY-----\n',
  private_key_id: 'abc123',
  token_uri: 'https://oauth2.googleapis.com/token',
};
const base = { DATABASE_URL: 'sqlite::memory:' };

describe('attendance import settings', () => {
  it('is off without a service account', () => {
    expect(loadConfig(base).attendances).toEqual({ google: null, pollMinutes: 10 });
  });

  it('reads the key from a file or inline JSON, with the administrator to act as', () => {
    const dir = mkdtempSync(join(tmpdir(), 'percorso-sa-'));
    const file = join(dir, 'sa.json');
    writeFileSync(file, JSON.stringify(key));
    const fromFile = loadConfig({
      ...base,
      GOOGLE_SERVICE_ACCOUNT_FILE: file,
      GOOGLE_ADMIN_SUBJECT: 'admin@incubatore.example',
      ATTENDANCE_POLL_MINUTES: '5',
    });
    expect(fromFile.attendances).toEqual({
      pollMinutes: 5,
      google: {
        clientEmail: key.client_email,
        privateKey: key.private_key,
        privateKeyId: 'abc123',
        tokenUrl: 'https://oauth2.googleapis.com/token',
        subject: 'admin@incubatore.example',
        reportsBaseUrl: 'https://admin.googleapis.com',
      },
    });
    const inline = loadConfig({
      ...base,
      GOOGLE_SERVICE_ACCOUNT_JSON: JSON.stringify(key),
      GOOGLE_ADMIN_SUBJECT: 'admin@incubatore.example',
      GOOGLE_REPORTS_BASE_URL: 'http://127.0.0.1:3701/',
      GOOGLE_TOKEN_URL: 'http://127.0.0.1:3701/token',
    });
    expect(inline.attendances.google).toMatchObject({
      reportsBaseUrl: 'http://127.0.0.1:3701',
      tokenUrl: 'http://127.0.0.1:3701/token',
    });
  });

  it('refuses incomplete or broken settings at start-up', () => {
    expect(() => loadConfig({ ...base, GOOGLE_SERVICE_ACCOUNT_JSON: JSON.stringify(key) })).toThrow(
      /GOOGLE_ADMIN_SUBJECT/,
    );
    expect(() =>
      loadConfig({ ...base, GOOGLE_SERVICE_ACCOUNT_JSON: '{nope', GOOGLE_ADMIN_SUBJECT: 'a@b.example' }),
    ).toThrow(ConfigError);
    expect(() =>
      loadConfig({ ...base, GOOGLE_SERVICE_ACCOUNT_JSON: '{"client_email":"x"}', GOOGLE_ADMIN_SUBJECT: 'a@b.example' }),
    ).toThrow(/private_key/);
    expect(() =>
      loadConfig({ ...base, GOOGLE_SERVICE_ACCOUNT_FILE: '/nonexistent/sa.json', GOOGLE_ADMIN_SUBJECT: 'a@b.example' }),
    ).toThrow(/cannot be read/);
    expect(() => loadConfig({ ...base, ATTENDANCE_POLL_MINUTES: '0' })).toThrow(/ATTENDANCE_POLL_MINUTES/);
  });
});

describe('periodic runner', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs at once and then every interval, never two runs at the same time', async () => {
    vi.useFakeTimers();
    let started = 0;
    let finish: () => void = () => {};
    const runner = createPeriodicRunner(
      () => {
        started++;
        return new Promise<void>((resolve) => (finish = resolve));
      },
      1000,
      () => {},
    );
    runner.start();
    expect(started).toBe(1);
    await vi.advanceTimersByTimeAsync(3500);
    expect(started).toBe(1); // the first run is still going: ticks are skipped
    finish();
    await vi.advanceTimersByTimeAsync(1000);
    expect(started).toBe(2);
    finish();
    const stopped = runner.stop();
    await stopped;
    await vi.advanceTimersByTimeAsync(5000);
    expect(started).toBe(2);
  });

  it('keeps going after a failed run', async () => {
    vi.useFakeTimers();
    const errors: unknown[] = [];
    let calls = 0;
    const runner = createPeriodicRunner(
      async () => {
        calls++;
        throw new Error('boom');
      },
      1000,
      (e) => errors.push(e),
    );
    runner.start();
    await vi.advanceTimersByTimeAsync(2000);
    await runner.stop();
    expect(calls).toBe(3);
    expect(errors).toHaveLength(3);
  });
});
