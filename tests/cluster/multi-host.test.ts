import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueToken } from '../../server/src/auth/tokens.js';
import { createDb, migrateToLatest, type Db } from '../../server/src/db/index.js';
import { buildNetwork, canBuildNetworks, type Host, type Network, type Process } from './network.js';

/**
 * Percorso on more than one host: PostgreSQL on one, two Percorso hosts, nginx in front, each in a
 * network namespace of its own. Under a steady write load through the proxy one Percorso host is
 * killed (kill -9 of every process in its namespace) and the test checks what an operator is told
 * survives it: no acknowledged write is lost, only the requests in flight fail, the background
 * jobs move to the other host, a sign-out on one host holds on the other, uploaded images are
 * served by every host.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const serverEntry = join(root, 'server', 'src', 'server.ts');
const PORT = 3000;
const PROXY_PORT = 8080;
/** Concurrent writers: at most this many requests can be in flight when the host dies. */
const WRITERS = 4;
/** The servers' retry period for taking the background jobs over (PERCORSO_JOBS_RETRY_MS). */
const JOBS_RETRY_MS = 2_000;

const possible = canBuildNetworks();
if (!possible.ok && process.env.CI) throw new Error(`the multi-host test cannot run in CI: ${possible.why}`);
if (!possible.ok) console.warn(`multi-host test skipped: ${possible.why}`);

function postgresBin(): string {
  const version = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a))[0];
  return `/usr/lib/postgresql/${version}/bin`;
}

async function eventually<T>(probe: () => Promise<T | null | undefined | false>, withinMs: number, what: string) {
  for (const end = Date.now() + withinMs; ;) {
    const value = await probe().catch(() => null);
    if (value) return value;
    if (Date.now() > end) throw new Error(`${what}: not reached within ${withinMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function nginxConfig(dir: string, proxy: Host, apps: Host[]): string {
  return `worker_processes 1;
user root;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log warn;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${dir}/nginx-body;
  proxy_temp_path ${dir}/nginx-proxy;
  fastcgi_temp_path ${dir}/nginx-fastcgi;
  uwsgi_temp_path ${dir}/nginx-uwsgi;
  scgi_temp_path ${dir}/nginx-scgi;
  upstream percorso {
${apps.map((app) => `    server ${app.address}:${PORT} max_fails=1 fail_timeout=30s;`).join('\n')}
    keepalive 16;
  }
  server {
    listen ${proxy.address}:${PROXY_PORT};
    client_max_body_size 10m;
    location / {
      proxy_pass http://percorso;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      # A host that refuses the connection is skipped; a request already sent to a host that dies
      # is not repeated on the other (nginx never replays a non-idempotent request).
      proxy_next_upstream error timeout;
      proxy_connect_timeout 2s;
    }
  }
}
`;
}

/** A user with the developer permission (every API route) and a bearer token. */
async function staffToken(db: Db): Promise<string> {
  const user = await db
    .insertInto('users')
    .values({ name: 'Ada', surname: 'Operativa', email: `ada.${randomBytes(3).toString('hex')}@example.test` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const role = await db
    .insertInto('roles')
    .values({ name: `Sviluppo ${user.id}`, description: 'test' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const exists = await db.selectFrom('permissions').select('name').where('name', '=', 'developer').executeTakeFirst();
  if (!exists) await db.insertInto('permissions').values({ name: 'developer', description: 'developer' }).execute();
  await db.insertInto('role_permissions').values({ role_id: role.id, permission_name: 'developer' }).execute();
  await db.insertInto('user_roles').values({ user_id: user.id, role_id: role.id }).execute();
  return issueToken(db, user.id, 3600);
}

/** The address of the Percorso host that holds the background jobs' lock, or null. */
async function jobsHolder(db: Db): Promise<string | null> {
  const { rows } = await sql<{ address: string }>`
    select host(a.client_addr) as address
    from pg_locks l join pg_stat_activity a on a.pid = l.pid
    where l.locktype = 'advisory' and l.granted`.execute(db);
  return rows[0]?.address ?? null;
}

describe.skipIf(!possible.ok)('Percorso on two hosts behind a proxy, one of them killed', () => {
  let network: Network;
  let dir: string;
  let db: Db;
  let token: string;
  let database: Host, app1: Host, app2: Host, proxy: Host;
  const servers: Process[] = [];
  let nginx: Process;

  const direct = (host: Host) => `http://${host.address}:${PORT}`;
  const viaProxy = () => `http://${proxy.address}:${PROXY_PORT}`;
  const auth = (bearer = token) => ({ authorization: `Bearer ${bearer}` });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'percorso-multihost-'));
    chmodSync(dir, 0o755);
    network = buildNetwork(['db', 'app1', 'app2', 'proxy']);
    ({ db: database, app1, app2, proxy } = network.hosts);

    // PostgreSQL, on the database host only.
    const data = join(dir, 'pgdata');
    mkdirSync(data);
    chownSync(data, uidOf('postgres'), gidOf('postgres'));
    execFileSync(
      'runuser',
      ['-u', 'postgres', '--', `${postgresBin()}/initdb`, '-D', data, '-U', 'percorso', '-A', 'trust'],
      {
        stdio: 'ignore',
      },
    );
    writeFileSync(join(data, 'pg_hba.conf'), 'local all all trust\nhost all all 10.231.0.0/24 trust\n');
    const postgres = network.run(database, 'runuser', [
      '-u',
      'postgres',
      '--',
      `${postgresBin()}/postgres`,
      '-D',
      data,
      '-c',
      `listen_addresses=${database.address}`,
      '-c',
      'port=5432',
      '-c',
      `unix_socket_directories=${data}`,
    ]);
    await eventually(
      async () => {
        execFileSync('psql', ['-h', database.address, '-U', 'percorso', '-d', 'postgres', '-qc', 'select 1'], {
          stdio: 'ignore',
        });
        return true;
      },
      30_000,
      `PostgreSQL on ${database.address}\n${postgres.output()}`,
    );
    execFileSync('psql', [
      '-h',
      database.address,
      '-U',
      'percorso',
      '-d',
      'postgres',
      '-qc',
      'create database percorso',
    ]);
    const databaseUrl = `postgres://percorso@${database.address}:5432/percorso`;
    db = await createDb({ kind: 'postgres', url: databaseUrl });
    await migrateToLatest(db);
    token = await staffToken(db);

    mkdirSync(join(dir, 'dist'));
    writeFileSync(join(dir, 'dist', 'index.html'), '<!doctype html><title>Percorso</title>');
    for (const host of [app1, app2]) {
      const server = network.run(host, process.execPath, ['--import', 'tsx', serverEntry], {
        PORT: String(PORT),
        HOST: host.address,
        PUBLIC_URL: viaProxy(),
        DATABASE_URL: databaseUrl,
        // Each host has a disk of its own: nothing may depend on sharing one.
        STORAGE_DIR: join(dir, `storage-${host.name}`),
        DIST_DIR: join(dir, 'dist'),
        TRUST_PROXY: proxy.address,
        LOG_LEVEL: 'info',
        WORKERS: '1',
        API_RATE_LIMIT_PER_USER: '1000000',
        API_RATE_LIMIT_PER_ADDRESS: '1000000',
        PERCORSO_JOBS_RETRY_MS: String(JOBS_RETRY_MS),
        // Several processes need a real provider (the development one keeps its state in one).
        OIDC_ISSUER: 'http://127.0.0.1:9/unused',
        OIDC_CLIENT_ID: 'percorso',
        OIDC_CLIENT_SECRET: 'secret',
      });
      servers.push(server);
      await eventually(
        async () => (await fetch(`${direct(host)}/healthz`)).ok,
        120_000,
        `Percorso on ${host.address}\n${server.output()}`,
      );
    }

    writeFileSync(join(dir, 'nginx.conf'), nginxConfig(dir, proxy, [app1, app2]));
    nginx = network.run(proxy, '/usr/sbin/nginx', ['-c', join(dir, 'nginx.conf')]);
    await eventually(async () => (await fetch(`${viaProxy()}/healthz`)).ok, 30_000, `nginx\n${nginx?.output()}`);
  }, 240_000);

  afterAll(async () => {
    await db?.destroy();
    network?.destroy();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('refuses on one host a token signed out on the other, at the next request', async () => {
    const other = await staffToken(db);
    expect((await fetch(`${direct(app2)}/api/user`, { headers: auth(other) })).status).toBe(200);
    const signOut = await fetch(`${direct(app1)}/api/auth/logout`, { method: 'POST', headers: auth(other) });
    expect(signOut.status).toBe(200);
    expect((await fetch(`${direct(app2)}/api/user`, { headers: auth(other) })).status).toBe(401);
  });

  it('loses no acknowledged write when a host is killed under load, and moves the jobs over', async () => {
    const leader = await eventually(() => jobsHolder(db), 30_000, 'a host holding the background jobs');
    const [victim, survivor] = leader === app1.address ? [app1, app2] : [app2, app1];

    // An image uploaded through the host about to die, served later by the other from the database.
    const form = new FormData();
    form.append('_method', 'PUT');
    const logo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#0a6' } })
      .png()
      .toBuffer();
    form.append('avatar', new Blob([new Uint8Array(logo)], { type: 'image/png' }), 'logo.png');
    const team = await (
      await fetch(`${direct(victim)}/api/teams`, {
        method: 'POST',
        headers: { ...auth(), 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Squadra con logo' }),
      })
    ).json();
    const uploaded = await fetch(`${direct(victim)}/api/teams/${team.data.id}/avatar`, {
      method: 'POST',
      headers: auth(),
      body: form,
    });
    expect(uploaded.status).toBe(200);
    const imagePath = new URL((await uploaded.json()).data.avatar, viaProxy()).pathname;
    expect((await fetch(`${direct(survivor)}${imagePath}`)).status).toBe(200);

    const acknowledged: number[] = [];
    const failures: string[] = [];
    let killedAt = 0;
    let acknowledgedAfterKill = 0;
    let stop = false;
    let sequence = 0;
    const writer = async () => {
      while (!stop) {
        const name = `Carico ${++sequence}`;
        try {
          const res = await fetch(`${viaProxy()}/api/teams`, {
            method: 'POST',
            headers: { ...auth(), 'content-type': 'application/json' },
            body: JSON.stringify({ name }),
          });
          if (res.status !== 201 && res.status !== 200) {
            failures.push(`${name}: ${res.status} ${await res.text()}`);
            continue;
          }
          acknowledged.push((await res.json()).data.id);
          if (killedAt) acknowledgedAfterKill++;
        } catch (error) {
          failures.push(`${name}: ${String(error)}`);
        }
      }
    };
    const writers = Array.from({ length: WRITERS }, writer);
    await eventually(async () => acknowledged.length >= 50, 60_000, 'writes before the kill');
    network.killHost(victim);
    killedAt = Date.now();
    const newLeader = await eventually(
      async () => ((await jobsHolder(db)) === survivor.address ? survivor.address : null),
      // The lock goes with the dead host's connection; the survivor takes it at its next try.
      JOBS_RETRY_MS + 10_000,
      'the background jobs on the surviving host',
    );
    const movedAfterMs = Date.now() - killedAt;
    await eventually(async () => acknowledgedAfterKill >= 50, 60_000, 'writes after the kill');
    stop = true;
    await Promise.all(writers);

    const stored = await db.selectFrom('teams').select('id').where('id', 'in', acknowledged).execute();
    console.log(
      `multi-host: ${acknowledged.length} acknowledged writes (${acknowledgedAfterKill} after the kill of ` +
        `${victim.address}), ${stored.length} found afterwards; ${failures.length} failed ` +
        `(at most ${WRITERS} in flight); background jobs on ${newLeader} ${movedAfterMs} ms after the kill`,
    );
    expect(stored.length).toBe(acknowledged.length);
    expect(failures.length, failures.join('\n')).toBeLessThanOrEqual(WRITERS);
    expect(newLeader).toBe(survivor.address);
    // The image uploaded through the dead host, through the proxy (so by the survivor).
    const image = await fetch(`${viaProxy()}${imagePath}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\//);
  });
});

function uidOf(user: string): number {
  return Number(execFileSync('id', ['-u', user], { encoding: 'utf8' }).trim());
}

function gidOf(user: string): number {
  return Number(execFileSync('id', ['-g', user], { encoding: 'utf8' }).trim());
}
